/**
 * The back office's stock work: find parts, add and edit them by the rules of
 * src/domain/stock-entry.ts, change their status, their photos, and the CSV import. Every change
 * and its one audit entry share a transaction. A part inserted available or put back on sale is
 * queued for the alerts by the parts table's own trigger (migration 0014) in that transaction, and
 * raises the stock version the catalogue's kept answers are keyed by (migration 0010), so the
 * shop's searches find it at once and no matching runs inside the request.
 */
import type { PartBody, StockPart, StockPartSummary } from '../../../../src/contract/admin-stock';
import { STOCK_PAGE_SIZE, PART_PHOTOS_MAX } from '../../../../src/contract/admin-stock';
import type { Paginator } from '../../../../src/contract/catalogue';
import { pageCountFor } from '../../../../src/domain/paginator';
import { partTypeName } from '../../../../src/domain/part-types';
import {
  additionalInfoOf,
  checkPart,
  modelLabelOf,
  type PartDraft,
  type PartFields,
  poundsOfPence,
  type ReferenceModel,
  STATUS_ACTIONS,
  type StatusAction,
  statusActionProblem,
  type StockReference,
} from '../../../../src/domain/stock-entry';
import { checkImport, type ImportProblem } from '../../../../src/domain/stock-import';
import { productPath } from '../../../../src/domain/urls';
import { partNumberKey } from '../../../../src/domain/vehicle-numbers';
import type { Database } from '../../../db/client';
import type { PartStatusValue } from '../../../db/schema';
import { conflict, invalid, invalidField, notFound } from '../../../errors';
import { stockChangedHere } from '../../catalogue/index';
import { partDrawing, partImageUrl } from '../../thumbs/index';
import type { EncodedPhoto } from './photos';
import type { PartInsert } from '../../catalogue/index';
import { createStockRepository, type PartRow, type StockFilter } from './repository';
import { createStockWrites } from './stock-writes';

/** Writes the change's audit entry in its transaction. */
export type Audit = (tx: Database, change: { action: string; entity: string; entityId: string | null; before: unknown; after: unknown }) => Promise<void>;

export interface StockQuery {
  q?: string | undefined;
  status?: PartStatusValue | undefined;
  part_type_id?: number | undefined;
  make_id?: number | undefined;
  model_id?: number | undefined;
  page?: number | undefined;
}

export interface ImportReport {
  rows: number;
  good: number;
  imported: number;
  skipped_lines: number[];
  problems: ImportProblem[];
}

/** A PostgreSQL unique violation, through either driver and Drizzle's wrapping. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const plural = (count: number, word: string) => (count === 1 ? word : `${word}s`);

type Reference = Awaited<ReturnType<ReturnType<typeof createStockRepository>['reference']>>;

/** What an audit entry keeps of a part: its fields, not its pictures' bytes. */
function snapshot(part: PartRow, fitments?: readonly unknown[], warranties?: readonly { warrantyId: number; isDefault: boolean }[]) {
  return {
    tag: part.tag,
    stock_number: part.stockNumber,
    part_type_id: part.partTypeId,
    make_id: part.makeId,
    model_id: part.modelId,
    year: part.year,
    engine_code: part.engineCode,
    description: part.description,
    oem: part.oem,
    grade: part.grade,
    price_net: part.priceNet,
    rrp_net: part.rrpNet,
    status: part.status,
    likely_match_note: part.likelyMatchNote,
    package_type: part.packageType,
    ...(fitments ? { fitments } : {}),
    ...(warranties ? { warranties } : {}),
  };
}

const bodyFields = (body: PartBody): PartFields => ({
  tag: String(body.tag ?? ''),
  stock_number: String(body.stock_number ?? ''),
  part_type: body.part_type_id ?? '',
  make: body.make_id ?? '',
  model: body.model_id ?? '',
  year: body.year ?? '',
  engine_code: String(body.engine_code ?? ''),
  description: String(body.description ?? ''),
  oem: String(body.oem ?? ''),
  grade: String(body.grade ?? ''),
  price: body.price ?? '',
  rrp: body.rrp ?? '',
  status: body.status === undefined ? undefined : String(body.status),
  likely_match_note: String(body.likely_match_note ?? ''),
  package_type: body.package_type ?? '',
  warranties: body.warranties ?? [],
  default_warranty: body.default_warranty ?? '',
  fitments: (body.fitments ?? []).map((fitment) => ({ model: fitment.model_id, year_from: fitment.year_from, year_to: fitment.year_to, engine_code: fitment.engine_code, level: fitment.level })),
});

/** The stock's reads and writes on one handle (a change's transaction). */
const stockOn = (tx: Database) => ({ ...createStockRepository(tx), ...createStockWrites(tx) });

export function createStockService({ db, now }: { db: Database; now: () => Date }) {
  const repository = createStockRepository(db);

  /**
   * A change of stock in one transaction; once committed, this process's catalogue reads the
   * stock version again, so the shop's next search and page show the change at once.
   */
  async function changeStock<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await db.transaction(work);
    } catch (error) {
      // Two people saving the same Tag at once: the second meets the unique key, not a 500.
      if (isUniqueViolation(error)) throw conflict('A part with this Tag was added a moment ago. Nothing was saved: check the Tag and try again.');
      throw error;
    }
    await stockChangedHere();
    return result;
  }

  function stockReference(reference: Reference): StockReference {
    return {
      partTypes: reference.types,
      makes: reference.makes,
      models: reference.models,
      grades: reference.grades.map((grade) => grade.level),
      warranties: reference.warranties,
      thisYear: now().getUTCFullYear(),
    };
  }

  /** The draft with what the shop adds to it: its category and AdditionalInfo. */
  function toInsert(draft: PartDraft, reference: Reference, modelsById: ReadonlyMap<number, ReferenceModel>): PartInsert {
    const categoryId = reference.categories.find((row) => row.partTypeId === draft.partTypeId)?.categoryId;
    if (categoryId === undefined || categoryId === null) throw invalidField('part_type', 'This part type is in no category of the shop: it cannot be listed.');
    const make = reference.makes.find((row) => row.id === draft.makeId)?.name ?? '';
    return { draft, categoryId, additionalInfo: additionalInfoOf(draft, { make, models: modelsById }) };
  }

  const modelMap = (reference: Reference) => new Map(reference.models.map((model) => [model.id, model]));

  async function view(id: number, tx: Database = db): Promise<StockPart> {
    const stock = createStockRepository(tx);
    const part = await stock.part(id);
    if (!part) throw notFound('No such part.');
    // One after another: inside a transaction the statements share one connection.
    const names = await stock.names(part);
    const fitments = await stock.fitmentsOf(id);
    const images = await stock.imagesOf(id);
    const ownWarranties = await stock.partWarrantiesOf(id);
    const partWarranties = ownWarranties.length > 0 ? ownWarranties : await stock.warrantiesOf(part.partTypeId);
    if (!names) throw notFound('No such part.');
    const partName = partTypeName(part.partName, [{ Name: names.typeName, ExternalName: names.externalName }]);
    const drawingOf = (seed: number) => partDrawing(seed, { tag: part.tag, partName, make: names.make, model: names.model });
    return {
      id: part.id,
      tag: part.tag,
      stock_number: part.stockNumber,
      part_type_id: part.partTypeId,
      make_id: part.makeId,
      model_id: part.modelId,
      year: part.year,
      engine_code: part.engineCode,
      description: part.description,
      oem: part.oem,
      grade: part.grade,
      price: poundsOfPence(part.priceNet),
      rrp: part.rrpNet === null ? '' : poundsOfPence(part.rrpNet),
      likely_match_note: part.likelyMatchNote,
      status: part.status,
      fitments: fitments.map((fitment) => ({
        model_id: fitment.modelId,
        model: modelLabelOf(fitment),
        year_from: fitment.yearFrom,
        year_to: fitment.yearTo,
        engine_code: fitment.engineCode,
        level: fitment.level,
      })),
      photos: images.map((image) => ({
        id: image.id,
        position: image.position,
        alt: image.alt,
        thumb: partImageUrl(image.id, drawingOf(image.seed), 'thumb'),
        gallery: partImageUrl(image.id, drawingOf(image.seed), 'gallery'),
      })),
      package_type: part.packageType ?? names.packageType,
      own_package_type: part.packageType,
      warranties: partWarranties.map((warranty) => ({ id: warranty.id, name: warranty.name, value: warranty.value, is_default: warranty.isDefault })),
      own_warranties: ownWarranties.length > 0,
      url: productPath({ make: names.make, model: names.model, partName, tag: part.tag }),
      created_at: part.createdAt.toISOString(),
      updated_at: part.updatedAt.toISOString(),
    };
  }

  /** The part locked for a change, and what its audit entry's 'before' says. */
  async function locked(tx: Database, id: number) {
    const stock = stockOn(tx);
    const part = await stock.part(id, true);
    if (!part) throw notFound('No such part.');
    return { stock, part };
  }

  return {
    async reference() {
      const reference = await repository.reference();
      const warrantiesOf = (id: number) => reference.typeWarranties.filter((row) => row.partTypeId === id).map((row) => row.name);
      return {
        part_types: reference.types.map((type) => ({ id: type.id, name: type.name, package_type: type.packageType, warranties: warrantiesOf(type.id) })),
        makes: reference.makes,
        models: reference.models.map((model) => ({ id: model.id, make_id: model.makeId, label: modelLabelOf(model), year_from: model.yearFrom, year_to: model.yearTo })),
        grades: reference.grades,
        warranties: reference.warranties,
      };
    },

    async list(query: StockQuery): Promise<{ records: StockPartSummary[]; paginator: Paginator }> {
      const text = (query.q ?? '').trim().toUpperCase();
      const filter: StockFilter = {
        q: text === '' ? undefined : { text, key: partNumberKey(text) },
        status: query.status,
        partTypeId: query.part_type_id,
        makeId: query.make_id,
        modelId: query.model_id,
      };
      const requested = query.page ?? 1;
      const total = await repository.count(filter);
      const pageCount = pageCountFor(total, STOCK_PAGE_SIZE);
      const page = Math.min(requested, Math.max(pageCount, 1));
      const rows = await repository.page(filter, STOCK_PAGE_SIZE, (page - 1) * STOCK_PAGE_SIZE);
      return {
        records: rows.map((row) => {
          const partName = partTypeName(row.partName, [{ Name: row.typeName, ExternalName: row.externalName }]);
          return {
            id: row.id,
            tag: row.tag,
            stock_number: row.stockNumber,
            part_type: partName,
            make: row.make,
            model: modelLabelOf({ name: row.model, generation: row.generation }),
            year: row.year,
            oem: row.oem,
            grade: row.grade,
            price_net: row.priceNet,
            status: row.status,
            photos: row.photos,
            image: row.mainImage ? partImageUrl(row.mainImage.id, partDrawing(row.mainImage.seed, { tag: row.tag, partName, make: row.make, model: row.model }), 'card') : null,
            updated_at: row.updatedAt.toISOString(),
          };
        }),
        paginator: { count: total, perPage: STOCK_PAGE_SIZE, limit: STOCK_PAGE_SIZE, pageCount, sort: 'created', direction: 'DESC', page, requestedPage: requested },
      };
    },

    part: (id: number) => view(id),

    async create(body: PartBody, audit: Audit): Promise<StockPart> {
      const reference = await repository.reference();
      const checked = checkPart(bodyFields(body), stockReference(reference));
      if (!checked.ok) throw invalid(checked.errors);
      const row = toInsert(checked.part, reference, modelMap(reference));
      return changeStock(async (tx) => {
        const stock = stockOn(tx);
        if ((await stock.takenTags([checked.part.tag])).size > 0) throw invalidField('tag', `${checked.part.tag} is in the shop already.`);
        const [id] = await stock.insertParts([row], now());
        if (id === undefined) throw new Error('no part inserted');
        const created = await stock.part(id);
        if (!created) throw new Error('part not read back');
        await audit(tx, { action: 'part.create', entity: 'part', entityId: String(id), before: null, after: snapshot(created, checked.part.fitments, checked.part.warranties) });
        return view(id, tx);
      });
    },

    async update(id: number, body: PartBody, audit: Audit): Promise<StockPart> {
      const reference = await repository.reference();
      const checked = checkPart({ ...bodyFields(body), status: 'available' }, stockReference(reference));
      if (!checked.ok) throw invalid(checked.errors);
      const row = toInsert(checked.part, reference, modelMap(reference));
      return changeStock(async (tx) => {
        const { stock, part } = await locked(tx, id);
        const warrantiesBefore = (await stock.partWarrantiesOf(id)).map((warranty) => ({ warrantyId: warranty.id, isDefault: warranty.isDefault }));
        const before = snapshot(part, await stock.fitmentsOf(id), warrantiesBefore);
        if (checked.part.tag !== part.tag && (await stock.takenTags([checked.part.tag])).size > 0) throw invalidField('tag', `${checked.part.tag} is in the shop already.`);
        await stock.updatePart(id, row, checked.part.priceNet !== part.priceNet, now());
        const after = await stock.part(id);
        if (!after) throw new Error('part not read back');
        await audit(tx, { action: 'part.update', entity: 'part', entityId: String(id), before, after: snapshot(after, checked.part.fitments, checked.part.warranties) });
        return view(id, tx);
      });
    },

    async setStatus(id: number, action: StatusAction, audit: Audit): Promise<{ part: StockPart; msg: string }> {
      return changeStock(async (tx) => {
        const { stock, part } = await locked(tx, id);
        const problem = statusActionProblem(part.status, action);
        if (problem) throw conflict(problem);
        const status = STATUS_ACTIONS[action];
        await stock.setStatus(id, status, now());
        await audit(tx, { action: `part.${action === 'for_sale' ? 'for-sale' : action}`, entity: 'part', entityId: String(id), before: { status: part.status }, after: { status } });
        const msg = action === 'sold' ? `${part.tag} is marked sold.` : action === 'withdrawn' ? `${part.tag} is withdrawn from sale.` : `${part.tag} is on sale again.`;
        return { part: await view(id, tx), msg };
      });
    },

    /** How many more photos the part may have; 404 for no such part. */
    async photoRoom(id: number): Promise<number> {
      const part = await repository.part(id);
      if (!part) throw notFound('No such part.');
      return PART_PHOTOS_MAX - (await repository.imagesOf(id)).length;
    },

    async addPhotos(id: number, photos: readonly EncodedPhoto[], audit: Audit): Promise<StockPart> {
      return changeStock(async (tx) => {
        const { stock, part } = await locked(tx, id);
        const images = await stock.imagesOf(id);
        if (images.length + photos.length > PART_PHOTOS_MAX) throw invalidField('photos', `A part has at most ${PART_PHOTOS_MAX} photos.`);
        const names = await stock.names(part);
        const label = names ? `${partTypeName(part.partName, [{ Name: names.typeName, ExternalName: names.externalName }])}, ${part.year} ${names.make} ${names.model}` : part.tag;
        let position = images.reduce((last, image) => Math.max(last, image.position), -1);
        const added: number[] = [];
        for (const photo of photos) {
          position += 1;
          added.push(await stock.addPhoto(id, { seed: photo.seed, alt: `${label}, photo ${position + 1}`, position, files: photo.files }));
        }
        // The part's row changes too, so the catalogue's kept answers (keyed by the stock version) show the new picture.
        await stock.touch(id, now());
        await audit(tx, { action: 'part.photos.add', entity: 'part', entityId: String(id), before: { photos: images.map((image) => image.id) }, after: { photos: [...images.map((image) => image.id), ...added], files: photos.map((photo) => photo.filename) } });
        return view(id, tx);
      });
    },

    async orderPhotos(id: number, ids: readonly number[], audit: Audit): Promise<StockPart> {
      return changeStock(async (tx) => {
        const { stock } = await locked(tx, id);
        const images = await stock.imagesOf(id);
        const current = images.map((image) => image.id);
        if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((imageId) => !current.includes(imageId))) {
          throw invalidField('ids', "List each of the part's photos once.");
        }
        for (const [position, imageId] of ids.entries()) await stock.setPosition(imageId, position);
        await stock.touch(id, now());
        await audit(tx, { action: 'part.photos.order', entity: 'part', entityId: String(id), before: { photos: current }, after: { photos: [...ids] } });
        return view(id, tx);
      });
    },

    async removePhoto(id: number, photoId: number, audit: Audit): Promise<StockPart> {
      return changeStock(async (tx) => {
        const { stock } = await locked(tx, id);
        const before = (await stock.imagesOf(id)).map((image) => image.id);
        if (!(await stock.removeImage(id, photoId))) throw notFound('No such photo of this part.');
        await stock.touch(id, now());
        await audit(tx, { action: 'part.photos.remove', entity: 'part', entityId: String(id), before: { photos: before }, after: { photos: before.filter((imageId) => imageId !== photoId) } });
        return view(id, tx);
      });
    },

    /**
     * The CSV import: every row checked; nothing written while a row is bad unless `importGood`,
     * then the good rows in one transaction with one audit entry for the lot.
     */
    async import(csv: string, importGood: boolean, audit: Audit): Promise<{ report: ImportReport; msg: string }> {
      const reference = await repository.reference();
      const stockRef = stockReference(reference);
      // Tags already in the shop: the rows are checked once to learn the file's Tags, which are
      // looked up in one pass, then checked again knowing them (the rules are cheap; SQL is not).
      const first = checkImport(csv, stockRef, () => false);
      const taken = await repository.takenTags(first.rows.map((row) => row.part.tag));
      const checked = taken.size === 0 ? first : checkImport(csv, stockRef, (tag) => taken.has(tag));
      if (checked.fileProblems.length > 0) throw invalid({ csv: checked.fileProblems }, checked.fileProblems[0]);
      const badLines = [...new Set(checked.problems.map((problem) => problem.line))];
      const base = { rows: checked.total, good: checked.rows.length, problems: checked.problems };
      if (badLines.length > 0 && !importGood) {
        return {
          report: { ...base, imported: 0, skipped_lines: [] },
          msg: `Nothing imported: ${badLines.length} of ${checked.total} ${plural(checked.total, 'row')} ${badLines.length === 1 ? 'has' : 'have'} problems. Correct them, or import the ${checked.rows.length} good ${plural(checked.rows.length, 'row')}.`,
        };
      }
      if (checked.rows.length === 0) return { report: { ...base, imported: 0, skipped_lines: badLines }, msg: 'Nothing imported: no row is good.' };
      const models = modelMap(reference);
      const rows = checked.rows.map((row) => toInsert(row.part, reference, models));
      return changeStock(async (tx) => {
        const stock = stockOn(tx);
        // Checked again inside the transaction: a Tag added meanwhile by someone else refuses the lot.
        const takenNow = await stock.takenTags(rows.map((row) => row.draft.tag));
        if (takenNow.size > 0) throw conflict(`Added meanwhile: ${[...takenNow].slice(0, 5).join(', ')}. Nothing imported; try again.`);
        const ids = await stock.insertParts(rows, now());
        await audit(tx, {
          action: 'part.import',
          entity: 'part',
          entityId: null,
          before: null,
          after: { imported: ids.length, skipped: badLines.length, skipped_lines: badLines, tags: rows.map((row) => row.draft.tag) },
        });
        return {
          report: { ...base, imported: ids.length, skipped_lines: badLines },
          msg: `${ids.length} ${plural(ids.length, 'part')} imported${badLines.length > 0 ? `; ${badLines.length} ${plural(badLines.length, 'row')} with problems skipped` : ''}.`,
        };
      });
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
