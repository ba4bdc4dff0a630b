/**
 * The rules of part search (SPEC §2, §7, §8, §9): which vehicle a search is about (a registration
 * looked up, a make and model, or a part number's donor car), which parts it finds, what it says
 * when it cannot search (codes 501 and 502), and the searches that follow from one by its SearchID.
 */
import type { CallResponse } from '../../../src/contract/define';
import type { ModelRow, ProductCard, SearchCar, partSearch } from '../../../src/contract/catalogue';
import { t } from '../../../src/domain/messages';
import { searchMode, SEARCH_RESULT_LIMIT } from '../../../src/domain/search';
import { slugify } from '../../../src/domain/urls';
import type { StockCriteria } from '../../../src/domain/trade-buyers';
import { notFound, unavailable } from '../../errors';
import { modelLabel } from '../../integrations/vehicle-lookup/model-label';
import type { VehicleLookup } from '../../integrations/vehicle-lookup/vehicle-lookup';
import { partNumberKey } from '../../../src/domain/validation';
import { toProductCard } from './product-card';
import type { CatalogueReference } from './reference';
import type { CardRecord, CatalogueRepository, FoundPart, MakeRecord, ModelRecord, PartRow, VehicleCriteria } from './repository';
import type { SearchDescription, SearchIds } from './search-id';

type PartSearchAnswer = CallResponse<typeof partSearch>;

/** SPEC §9: the no-results groups show at most 4 sold and 4 coming-soon parts. */
export const SOLD_PARTS_LIMIT = 4;
export const COMING_SOON_LIMIT = 4;
/** SPEC §9: 'other parts that fit this make and model', one per part type. */
export const FOLLOW_SEARCH_LIMIT = 12;
export const SUGGESTIONS_LIMIT = 8;
/**
 * The spec limits only other searches (to 25); a registration's fitting parts of one type are
 * few, and this bound keeps a car with an unusually deep stock from answering megabytes.
 */
export const REGISTRATION_RESULT_LIMIT = 100;
/** SPEC §4: an unknown fit. */
const UNKNOWN_LEVEL = 0;
const UNSURE_LEVEL = 100;
const LIKELY_LEVEL = 2;

export interface PartSearchQuery {
  vrn?: string | undefined;
  year?: number | undefined;
  make?: string | undefined;
  model?: string | undefined;
  partType?: number | undefined;
  oem?: string | undefined;
  /** A donor vehicle's stock number: the make/model search then lists that car's parts. */
  stock?: string | undefined;
  soldOut?: boolean | undefined;
}

export interface VehicleQuery {
  vrn?: string | undefined;
  year?: number | undefined;
  make?: string | undefined;
  model?: string | undefined;
  partType?: number | undefined;
}

/** A registration looked up and placed in the catalogue. */
interface FoundCar {
  car: SearchCar;
  make: MakeRecord | undefined;
  /** The make's models that were on sale in the car's year (all of them when none was). */
  modelsOfYear: ModelRecord[];
  /** The models the lookup named; empty when it named none (the DVLA) or none matched. */
  identified: ModelRecord[];
}

type CarLookup = { status: 'found'; found: FoundCar } | { status: 'not_found' } | { status: 'unavailable' };

/** SPEC §3 make/model row: id and model, spelt again as ID, MAKE, MODEL for the second client. */
export function toModelRow(model: ModelRecord): ModelRow {
  const label = modelLabel(model.name, model.generation);
  return { id: model.id, model: label, ID: model.id, MAKE: model.makeName, MODEL: label, yearFrom: model.yearFrom, yearTo: model.yearTo };
}

const onSaleIn = (year: number) => (model: ModelRecord) => model.yearFrom <= year && (model.yearTo === null || model.yearTo >= year);

/**
 * The models a customer's words name: an id, the model with its generation ('Focus Mk3'), the
 * model name alone ('focus', every generation) or a slug; case is ignored.
 */
export function modelsNamed(candidates: readonly ModelRecord[], named: string): ModelRecord[] {
  const wanted = named.trim().toLowerCase();
  if (/^\d+$/.test(wanted)) return candidates.filter((model) => model.id === Number(wanted));
  const slug = slugify(wanted);
  return candidates.filter(
    (model) =>
      modelLabel(model.name, model.generation).toLowerCase() === wanted ||
      model.name.toLowerCase() === wanted ||
      model.slug === slug ||
      slugify(modelLabel(model.name, model.generation)) === slug,
  );
}

export interface CatalogueServiceDeps {
  repository: CatalogueRepository;
  reference: CatalogueReference;
  vehicleLookup: VehicleLookup;
  searchIds: SearchIds;
}

/** The vehicle of a SearchID as search criteria; null when it names none. */
function criteriaOfSearch(search: SearchDescription, partTypeId: number | null): VehicleCriteria | null {
  if (search.makeId === null) return null;
  return {
    makeId: search.makeId,
    modelIds: search.modelId === null ? [] : [search.modelId],
    year: search.year,
    engineCode: search.engineCode,
    partTypeId,
  };
}

export function createCatalogueService({ repository, reference, vehicleLookup, searchIds }: CatalogueServiceDeps) {
  const { findMake } = reference;

  async function lookUpCar(vrn: string): Promise<CarLookup> {
    const result = await vehicleLookup.lookup(vrn);
    if (result.status !== 'found') return result.status === 'not_found' ? { status: 'not_found' } : { status: 'unavailable' };
    const { vehicle } = result;
    const make = await findMake(vehicle.make);
    const models = make ? await reference.modelsOf(make.id) : [];
    const ofYear = models.filter(onSaleIn(vehicle.year));
    const modelsOfYear = ofYear.length > 0 ? ofYear : models;
    const identified = vehicle.model === null ? [] : modelsNamed(modelsOfYear, vehicle.model);
    const car: SearchCar = {
      VRN: vrn,
      Make: make?.name ?? vehicle.make,
      Model: vehicle.model,
      Year: vehicle.year,
      Style: vehicle.style,
      Transmssion: vehicle.transmission,
      Gears: vehicle.gears,
      EngineCode: vehicle.engineCode,
      ImageURL: vehicle.imageUrl,
    };
    return { status: 'found', found: { car, make, modelsOfYear, identified } };
  }

  /** A lookup that cannot answer fails the request: the customer can retry or search otherwise. */
  async function lookUpCarOrFail(vrn: string): Promise<FoundCar | null> {
    const lookup = await lookUpCar(vrn);
    if (lookup.status === 'unavailable') throw unavailable(t('filters.vrn_lookup_unavailable'));
    return lookup.status === 'found' ? lookup.found : null;
  }

  /** The vehicle of a registration, with the model the customer chose when the lookup named none. */
  function criteriaOfCar(found: FoundCar, chosenModel: string | undefined, partTypeId: number | null): VehicleCriteria | null {
    if (!found.make) return null;
    const models = found.identified.length > 0 || !chosenModel ? found.identified : modelsNamed(found.modelsOfYear, chosenModel);
    return {
      makeId: found.make.id,
      modelIds: models.map((model) => model.id),
      year: found.car.Year,
      engineCode: found.car.EngineCode || null,
      partTypeId,
    };
  }

  /** The vehicle of a make/model/year query; null when the make or the named model is unknown. */
  async function criteriaOfMakeModel(query: VehicleQuery): Promise<VehicleCriteria | null> {
    if (!query.make) return null;
    const make = await findMake(query.make);
    if (!make) return null;
    let modelIds: number[] = [];
    if (query.model) {
      const all = await reference.modelsOf(make.id);
      modelIds = modelsNamed(query.year === undefined ? all : all.filter(onSaleIn(query.year)), query.model).map((model) => model.id);
      if (modelIds.length === 0) return null;
    }
    return { makeId: make.id, modelIds, year: query.year ?? null, engineCode: null, partTypeId: query.partType ?? null };
  }

  function toCards(records: readonly CardRecord[], found: readonly FoundPart[]): ProductCard[] {
    const levels = new Map(found.map((part) => [part.id, part.level]));
    return records.map((record) => toProductCard(record, levels.get(record.id) ?? UNSURE_LEVEL));
  }

  /** Product cards of found parts (with the names of their make, model and type), in the order found. */
  async function cardsOf(found: readonly FoundPart[]): Promise<ProductCard[]> {
    return toCards(await reference.cards(found), found);
  }

  function emptyAnswer(): PartSearchAnswer['data'] {
    return { SearchID: null, car: null, parts: [], sold_parts: [], comming_soon: [], models: [], code: 200 };
  }

  /**
   * Splits what a search found into the three groups of SPEC §2 (available parts, and with
   * soldOut the sold ones after them; at most 4 sold; at most 4 coming soon) and describes the
   * search in its SearchID. `vehicleOf` names the vehicle the SearchID carries, given the cards found.
   */
  async function answerWith(
    found: FoundPart[],
    soldOut: boolean,
    search: Pick<SearchDescription, 'partTypeId'>,
    vehicleOf: (records: readonly CardRecord[]) => Omit<SearchDescription, 'partTypeId'>,
  ) {
    const records = await reference.cards(found);
    const cards = toCards(records, found);
    const byStatus = (status: FoundPart['status']) => cards.filter((card) => card.status === status);
    const parts = [...byStatus('available'), ...(soldOut ? byStatus('sold') : [])];
    const searchId = searchIds.encode({ ...vehicleOf(records), partTypeId: search.partTypeId });
    return { SearchID: searchId, parts, sold_parts: byStatus('sold'), comming_soon: byStatus('coming_soon') };
  }

  const noVehicle = { makeId: null, modelId: null, year: null, engineCode: null } as const;
  const searchOfCriteria = (criteria: VehicleCriteria) => ({
    makeId: criteria.makeId,
    modelId: criteria.modelIds[0] ?? null,
    year: criteria.year,
    engineCode: criteria.engineCode,
  });

  async function searchByRegistration(query: PartSearchQuery & { vrn: string }): Promise<PartSearchAnswer> {
    const found = await lookUpCarOrFail(query.vrn);
    if (!found) return { success: true, msg: t('filters.vrn_not_found'), data: { ...emptyAnswer(), code: 502 } };
    // A lookup without a model (the DVLA's) makes the customer choose one: SPEC §5.
    const models = found.identified.length === 0 ? found.modelsOfYear.map(toModelRow) : [];
    const base = { ...emptyAnswer(), car: found.car, models };
    if (query.partType === undefined) return { success: true, msg: t('filters.vrn_select_part_type'), data: { ...base, code: 501 } };
    const criteria = criteriaOfCar(found, query.model, query.partType);
    const search = { partTypeId: query.partType };
    if (criteria === null) {
      // The catalogue holds no part of this make: a search that found nothing.
      return { success: true, msg: '', data: { ...base, ...(await answerWith([], false, search, () => noVehicle)) } };
    }
    if (criteria.modelIds.length === 0) return { success: true, msg: t('filters.vrn_select_model'), data: base };
    const parts = await repository.findFittingParts(criteria, {
      available: REGISTRATION_RESULT_LIMIT,
      sold: SOLD_PARTS_LIMIT,
      coming_soon: COMING_SOON_LIMIT,
    });
    return { success: true, msg: '', data: { ...base, ...(await answerWith(parts, query.soldOut ?? false, search, () => searchOfCriteria(criteria))) } };
  }

  async function searchByPartNumber(query: PartSearchQuery & { oem: string }): Promise<PartSearchAnswer> {
    const key = partNumberKey(query.oem);
    const parts =
      key === ''
        ? []
        : await repository.findByPartNumber(key, { available: SEARCH_RESULT_LIMIT, sold: SOLD_PARTS_LIMIT, coming_soon: COMING_SOON_LIMIT });
    const search = { partTypeId: query.partType ?? null };
    // The donor car of the best match is the vehicle a follow-search offers other parts for.
    const donorOf = (records: readonly CardRecord[]) => {
      const best = records.find((record) => record.status === 'available') ?? records[0];
      return best ? { makeId: best.makeId, modelId: best.modelId, year: best.year, engineCode: null } : noVehicle;
    };
    return { success: true, msg: '', data: { ...emptyAnswer(), ...(await answerWith(parts, query.soldOut ?? false, search, donorOf)) } };
  }

  /**
   * SPEC §2 'all parts from the same vehicle': the parts taken off the donor car with this stock
   * number, within the make, model, year and part type when the query names them. The SearchID
   * is about the donor car, so follow-search offers other parts for it.
   */
  async function searchByStock(query: PartSearchQuery & { stock: string }): Promise<PartSearchAnswer> {
    const criteria = query.make ? await criteriaOfMakeModel(query) : undefined;
    const search = { partTypeId: query.partType ?? null };
    const parts =
      criteria === null
        ? []
        : await repository.findDonorParts(
            {
              stockNumber: query.stock,
              makeId: criteria?.makeId ?? null,
              modelIds: criteria?.modelIds ?? [],
              year: query.year ?? null,
              partTypeId: query.partType ?? null,
            },
            { available: SEARCH_RESULT_LIMIT, sold: SOLD_PARTS_LIMIT, coming_soon: COMING_SOON_LIMIT },
          );
    const donorOf = (records: readonly CardRecord[]) => {
      const donor = records[0];
      if (donor) return { makeId: donor.makeId, modelId: donor.modelId, year: donor.year, engineCode: null };
      return criteria ? searchOfCriteria(criteria) : { ...noVehicle, year: query.year ?? null };
    };
    return { success: true, msg: '', data: { ...emptyAnswer(), ...(await answerWith(parts, query.soldOut ?? false, search, donorOf)) } };
  }

  async function searchByMakeModel(query: PartSearchQuery): Promise<PartSearchAnswer> {
    if (query.stock) return searchByStock({ ...query, stock: query.stock });
    const criteria = await criteriaOfMakeModel(query);
    const search = { partTypeId: query.partType ?? null };
    const parts = criteria
      ? await repository.findFittingParts(criteria, { available: SEARCH_RESULT_LIMIT, sold: SOLD_PARTS_LIMIT, coming_soon: COMING_SOON_LIMIT })
      : [];
    const vehicle = criteria ? searchOfCriteria(criteria) : { ...noVehicle, year: query.year ?? null };
    return { success: true, msg: '', data: { ...emptyAnswer(), ...(await answerWith(parts, query.soldOut ?? false, search, () => vehicle)) } };
  }

  /** The vehicle of any condition query: a registration, else a make (and model); null for none. */
  async function criteriaOfQuery(query: VehicleQuery): Promise<VehicleCriteria | null | 'unknown'> {
    if (query.vrn) {
      const found = await lookUpCarOrFail(query.vrn);
      const criteria = found ? criteriaOfCar(found, query.model, query.partType ?? null) : null;
      return criteria ?? 'unknown';
    }
    if (query.make) return (await criteriaOfMakeModel(query)) ?? 'unknown';
    return null;
  }

  return {
    /**
     * SPEC §7 part-search: by registration, else by part number, else by make, model and year
     * (narrowed to one donor vehicle by a stock number).
     */
    async partSearch(query: PartSearchQuery): Promise<PartSearchAnswer> {
      const mode = searchMode(query);
      if (mode === 'vrn' && query.vrn) return searchByRegistration({ ...query, vrn: query.vrn });
      if (mode === 'oem' && query.oem) return searchByPartNumber({ ...query, oem: query.oem });
      return searchByMakeModel(query);
    },

    /**
     * SPEC §2, §9: one available part per other part type for the SearchID's vehicle, at most 12.
     * A SearchID this shop did not sign is a search that never was: 404.
     */
    async followSearch(searchId: string): Promise<ProductCard[]> {
      const search = searchIds.decode(searchId);
      if (!search) throw notFound();
      const criteria = criteriaOfSearch(search, null);
      if (criteria === null) return [];
      return cardsOf(await repository.findOnePerPartType(criteria, search.partTypeId, FOLLOW_SEARCH_LIMIT));
    },

    /**
     * The newest available parts under the same conditions as a search (none: the whole shop):
     * the vehicle and part type of a SearchID when one is given, else the query's own.
     */
    async recentStock(query: VehicleQuery & { searchId?: string | undefined; limit: number }): Promise<ProductCard[]> {
      if (query.searchId !== undefined) {
        const search = searchIds.decode(query.searchId);
        if (!search) throw notFound();
        return cardsOf(await repository.findRecent(criteriaOfSearch(search, search.partTypeId), search.partTypeId, query.limit));
      }
      const criteria = await criteriaOfQuery(query);
      if (criteria === 'unknown') return [];
      return cardsOf(await repository.findRecent(criteria, query.partType ?? null, query.limit));
    },

    /**
     * Suggestions while a part number is typed: available parts whose number starts with it. With
     * a registration each carries its fit to that car; a registration the lookup cannot place
     * (or a lookup that is down) leaves the fit unsure rather than failing the suggestions.
     */
    async suggestions(body: { oem: string; vrn?: string | undefined }): Promise<ProductCard[]> {
      const key = partNumberKey(body.oem);
      if (key === '') return [];
      const found = await repository.findByPartNumber(key, { available: SUGGESTIONS_LIMIT });
      if (!body.vrn || found.length === 0) return cardsOf(found);
      const lookup = await lookUpCar(body.vrn);
      const criteria = lookup.status === 'found' ? criteriaOfCar(lookup.found, undefined, null) : null;
      if (!criteria) return cardsOf(found);
      const levels = await repository.bestLevels(
        found.map((part) => part.id),
        criteria,
      );
      return cardsOf(found.map((part) => ({ ...part, level: fitLevel(levels.get(part.id), criteria) })));
    },

    /**
     * How well one part fits the car of a registration: its best fitment level (1 exact, 2 likely,
     * 3 optional), 0 when it does not fit or the registration is unknown (SPEC §4).
     */
    async compatibility(partId: number, vrn: string) {
      const found = await lookUpCarOrFail(vrn);
      if (!found) return { msg: t('filters.vrn_not_found'), car: null, level: UNKNOWN_LEVEL };
      const criteria = criteriaOfCar(found, undefined, null);
      if (!criteria) return { msg: '', car: found.car, level: UNKNOWN_LEVEL };
      const levels = await repository.bestLevels([partId], criteria);
      return { msg: '', car: found.car, level: fitLevel(levels.get(partId), criteria) };
    },

    /**
     * Issue 17: what a saved search, garage vehicle or alert finds, in catalogue terms, resolved
     * once when it is saved (a registration is looked up now; a lookup that is down is a 503).
     * Null when it names nothing the catalogue holds (an unknown registration or make), or a
     * donor vehicle's stock number (its parts never arrive again). A registration whose lookup
     * names no model finds by make and year, as its search would once a model is chosen.
     */
    async stockCriteriaOf(query: PartSearchQuery): Promise<StockCriteria | null> {
      const mode = searchMode(query);
      if (mode === 'oem' && query.oem) {
        const key = partNumberKey(query.oem);
        return key === '' ? null : { kind: 'part-number', key };
      }
      if (mode !== 'vrn' && query.stock) return null;
      const criteria = await criteriaOfQuery(query);
      if (criteria === null || criteria === 'unknown') return null;
      return { kind: 'vehicle', ...criteria };
    },

    /** The car of a registration (null: unknown; a lookup that is down is a 503), for the garage. */
    async carOf(vrn: string): Promise<SearchCar | null> {
      return (await lookUpCarOrFail(vrn))?.car ?? null;
    },

    /**
     * SPEC §4 levels of parts for a vehicle, by part id: the best fitment level, 0 when a part does
     * not fit, at best 'likely' when only the make is known; 100 (unsure) without a vehicle.
     */
    async levelsFor(partIds: readonly number[], criteria: StockCriteria | null): Promise<Map<number, number>> {
      if (criteria === null || criteria.kind !== 'vehicle') return new Map(partIds.map((id) => [id, UNSURE_LEVEL]));
      const levels = await repository.bestLevels([...partIds], criteria);
      return new Map(partIds.map((id) => [id, fitLevel(levels.get(id), criteria)]));
    },

    findMake,
    modelsOf: reference.modelsOf,
    makes: reference.makes,
    /** Product cards of parts by id, in the order given, with no vehicle to fit. */
    async cardsOfIds(ids: readonly number[]): Promise<ProductCard[]> {
      const records = await reference.cards(await repository.partRowsByIds(ids));
      return records.map((record) => toProductCard(record, UNSURE_LEVEL));
    },
    /** Product cards of part rows already read, in their order, with no vehicle to fit. */
    async cardsOfRows(rows: readonly PartRow[]): Promise<ProductCard[]> {
      return (await reference.cards(rows)).map((record) => toProductCard(record, UNSURE_LEVEL));
    },
    /** The card record of one part. */
    async recordOf(id: number): Promise<CardRecord | undefined> {
      return (await reference.cards(await repository.partRowsByIds([id])))[0];
    },
  };
}

/**
 * The level a badge may claim: no fitment is 0 (unknown); without a known model a fit of any of
 * the make's models is at best 'likely', since the car may be another model (SPEC §4: a badge must
 * not claim a fit we cannot back).
 */
function fitLevel(level: number | undefined, criteria: VehicleCriteria): number {
  if (level === undefined) return UNKNOWN_LEVEL;
  return criteria.modelIds.length === 0 ? Math.max(level, LIKELY_LEVEL) : level;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
