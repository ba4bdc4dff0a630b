/**
 * The catalogue's reference data (makes, models, part types) held in memory: a few hundred rows
 * that every search and every product card needs and that change only when the catalogue is
 * reseeded. Reading them once instead of joining them into every query takes several round trips
 * and most of the planning off each request. Each process keeps its own copy, reloaded after
 * REFERENCE_TTL_MS, or at once when a part names a make, model or type it does not hold.
 */
import { slugify } from '../../../src/domain/urls';
import type { CardRecord, CatalogueRepository, MakeRecord, ModelRecord, PartRow, PartTypeRecord } from './repository';

export const REFERENCE_TTL_MS = 5 * 60_000;

interface Reference {
  loadedAt: number;
  makes: MakeRecord[];
  makeById: Map<number, MakeRecord>;
  modelsByMake: Map<number, ModelRecord[]>;
  modelById: Map<number, ModelRecord>;
  partTypeById: Map<number, PartTypeRecord>;
}

export function createCatalogueReference(repository: CatalogueRepository, now: () => number = Date.now) {
  let loading: Promise<Reference> | undefined;

  async function load(): Promise<Reference> {
    const [makes, models, partTypes] = await Promise.all([repository.listMakes(), repository.listModels(), repository.listPartTypesInFormOrder()]);
    const modelsByMake = new Map<number, ModelRecord[]>();
    for (const model of models) modelsByMake.set(model.makeId, [...(modelsByMake.get(model.makeId) ?? []), model]);
    return {
      loadedAt: now(),
      makes,
      makeById: new Map(makes.map((make) => [make.id, make])),
      modelsByMake,
      modelById: new Map(models.map((model) => [model.id, model])),
      partTypeById: new Map(partTypes.map((type) => [type.id, type])),
    };
  }

  function reload(): Promise<Reference> {
    const next = load();
    loading = next;
    // A failed load is not kept: the next request tries again.
    next.catch(() => {
      if (loading === next) loading = undefined;
    });
    return next;
  }

  async function current(): Promise<Reference> {
    const reference = await (loading ?? reload());
    return now() - reference.loadedAt < REFERENCE_TTL_MS ? reference : reload();
  }

  function names<R extends PartRow>(reference: Reference, row: R): (R & CardRecord) | undefined {
    const make = reference.makeById.get(row.makeId);
    const model = reference.modelById.get(row.modelId);
    const type = reference.partTypeById.get(row.partTypeId);
    if (!make || !model || !type) return undefined;
    // The names are added to the row the repository just read, not to a copy of it: a search names
    // up to a hundred rows, and copying each (node-postgres' rows are plain objects of some fifteen
    // fields) was a fortieth of a computed answer's CPU (1M-part listing pages, --cpu-prof).
    const record = row as R & CardRecord;
    record.makeName = make.name;
    record.modelName = model.name;
    record.partTypeName = type.name;
    record.partTypeExternalName = type.externalName;
    return record;
  }

  return {
    /** A make by its name in any case ('FORD', as the DVLA spells it) or its slug. */
    async findMake(name: string): Promise<MakeRecord | undefined> {
      const wanted = name.trim().toLowerCase();
      const slug = slugify(name);
      return (await current()).makes.find((make) => make.name.toLowerCase() === wanted || make.slug === slug);
    },

    async makes(): Promise<MakeRecord[]> {
      return (await current()).makes;
    },

    /** A make's models, alphabetical, oldest generation first. */
    async modelsOf(makeId: number): Promise<ModelRecord[]> {
      return (await current()).modelsByMake.get(makeId) ?? [];
    },

    /**
     * Part rows with the names of their make, model and type, reloading once for a name not yet
     * held. The rows given are named in place: pass rows read for this answer, not kept ones.
     */
    async cards<R extends PartRow>(rows: readonly R[]): Promise<(R & CardRecord)[]> {
      const named = (reference: Reference) => rows.map((row) => names(reference, row));
      let records = named(await current());
      if (records.includes(undefined)) records = named(await reload());
      return records.filter((record) => record !== undefined);
    },
  };
}

export type CatalogueReference = ReturnType<typeof createCatalogueReference>;
