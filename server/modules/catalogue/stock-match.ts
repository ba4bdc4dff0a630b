/**
 * The catalogue as issue 17's modules use it (saved searches, the garage, alerts): resolving a
 * search into stock criteria, counting what it finds now and new since a view, matching parts that
 * just arrived, and the fit of parts to a vehicle. Built on the search service and SearchID rules;
 * other modules reach it through index.ts only.
 */
import type { ProductCard } from '../../../src/contract/catalogue';
import type { PriceBounds, StockCriteria } from '../../../src/domain/trade-buyers';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { VehicleLookup } from '../../integrations/vehicle-lookup/vehicle-lookup';
import { highestNetForGross, lowestNetForGross } from './listing-service';
import { createMatchRepository, type NetBounds } from './match-repository';
import { createCatalogueReference } from './reference';
import { createCatalogueRepository } from './repository';
import { createSearchIds, searchIdKeyOf } from './search-id';
import { createCatalogueService, type PartSearchQuery } from './service';

export type { PartSearchQuery } from './service';

function netBounds(price: PriceBounds | null | undefined): NetBounds {
  return {
    from: price?.from == null ? null : lowestNetForGross(price.from),
    to: price?.to == null ? null : highestNetForGross(price.to),
  };
}

export function createStockSearch({ db, config, vehicleLookup }: { db: Database; config: Config; vehicleLookup: VehicleLookup }) {
  const catalogue = createCatalogueRepository(db);
  const searchIds = createSearchIds(searchIdKeyOf(config.catalogue.searchIdKey, config.dataDir));
  const search = createCatalogueService({ repository: catalogue, reference: createCatalogueReference(catalogue), vehicleLookup, searchIds });
  const matches = createMatchRepository(db);

  return {
    criteriaOf: (query: PartSearchQuery) => search.stockCriteriaOf(query),
    carOf: (vrn: string) => search.carOf(vrn),
    /** Parts now available that the criteria finds, and how many arrived after `seenArrival`. */
    async count(criteria: StockCriteria | null, price: PriceBounds | null, seenArrival: number): Promise<{ matching: number; fresh: number }> {
      if (criteria === null) return { matching: 0, fresh: 0 };
      return matches.count(criteria, netBounds(price), seenArrival);
    },
    newestArrival: () => matches.newestArrival(),
    /**
     * Of parts that just arrived, those the criteria finds (still available, within the price
     * bounds); `handle` is the matching transaction's (embedded PGlite runs one at a time).
     */
    matchingOf: (partIds: readonly number[], criteria: StockCriteria, price: PriceBounds | null, handle: Database = db) =>
      createMatchRepository(handle).matchingOf(partIds, criteria, netBounds(price)),
    /** SPEC §4 level of each Tag the catalogue has, for the vehicle (100 without one). */
    async levelsOfTags(tags: readonly string[], criteria: StockCriteria | null): Promise<Map<string, number>> {
      const ids = await matches.idsOfTags(tags);
      const levels = await search.levelsFor([...ids.values()], criteria);
      return new Map([...ids].map(([tag, id]) => [tag, levels.get(id) ?? 100]));
    },
    /** A part type's name (null for an id the catalogue does not have). */
    async partTypeName(id: number): Promise<string | null> {
      return (await catalogue.listPartTypesInFormOrder()).find((type) => type.id === id)?.name ?? null;
    },
    /** Product cards of parts by id, in the order given. */
    cardsOfIds: (ids: readonly number[]): Promise<ProductCard[]> => search.cardsOfIds(ids),
  };
}

export type StockSearch = ReturnType<typeof createStockSearch>;
