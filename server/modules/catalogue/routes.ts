/**
 * The catalogue and search calls of SPEC §7, each registered from its contract; the rules live in
 * the services, the SQL in the repositories.
 */
import type { FastifyInstance } from 'fastify';
import {
  checkCompatibility,
  followSearch,
  getBadgeList,
  getCategoriesMenu,
  getCategoryInfo,
  getCategoryList,
  getContentPage,
  getListingFilters,
  getMakes,
  getModels,
  getPartPage,
  getReviews,
  getVehiclePage,
  partSearch,
  recentStock,
  suggestedProducts,
} from '../../../src/contract/catalogue';
import { getPartTypes } from '../../../src/contract/part-types';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import type { VehicleLookup } from '../../integrations/vehicle-lookup/vehicle-lookup';
import { createListingRepository } from './listing-repository';
import { createListingService } from './listing-service';
import { createPageRepository } from './page-repository';
import { createPageService } from './page-service';
import { createCatalogueReference } from './reference';
import { createCatalogueRepository } from './repository';
import { createCatalogueService, toModelRow } from './service';

/** Lists that change only when the catalogue is reseeded: clients and shared caches keep them an hour. */
const REFERENCE_CACHE_CONTROL = 'public, max-age=3600';
/** Merchandising (menu, content) may change during the day; five minutes of staleness is fine. */
const CONTENT_CACHE_CONTROL = 'public, max-age=300';
// A public, shared-cacheable answer must not carry a Set-Cookie, so those calls start no session.
const PUBLIC = { session: false } as const;

export interface CatalogueRoutesOptions {
  db: Database;
  vehicleLookup: VehicleLookup;
}

export async function catalogueRoutes(api: FastifyInstance, { db, vehicleLookup }: CatalogueRoutesOptions): Promise<void> {
  const catalogue = createCatalogueRepository(db);
  const listings = createListingRepository(db);
  const search = createCatalogueService({ repository: catalogue, reference: createCatalogueReference(catalogue), vehicleLookup });
  const listing = createListingService({ listings, search });
  const pages = createPageService({ pages: createPageRepository(db), listings, search });

  registerCall(
    api,
    getPartTypes,
    async (_request, reply) => {
      reply.header('cache-control', REFERENCE_CACHE_CONTROL);
      const rows = await catalogue.listPartTypesInFormOrder();
      return {
        success: true as const,
        data: rows.map((row) => ({
          ID: row.id,
          Name: row.name,
          ExternalName: row.externalName,
          CompatabilityFlag: row.compatibilityFlag ? ('TRUE' as const) : ('FALSE' as const),
        })),
      };
    },
    PUBLIC,
  );

  registerCall(
    api,
    getMakes,
    async (_request, reply) => {
      reply.header('cache-control', REFERENCE_CACHE_CONTROL);
      return { success: true as const, data: await search.makes() };
    },
    PUBLIC,
  );

  registerCall(
    api,
    getModels,
    async (request, reply) => {
      reply.header('cache-control', REFERENCE_CACHE_CONTROL);
      const make = await search.findMake(request.query.make);
      const models = make ? await search.modelsOf(make.id) : [];
      return { success: true as const, data: models.map(toModelRow) };
    },
    PUBLIC,
  );

  registerCall(api, partSearch, async (request) => search.partSearch(request.query));

  registerCall(api, followSearch, async (request) => ({ success: true as const, data: await search.followSearch(request.query.searchId) }));

  registerCall(api, recentStock, async (request) => ({ success: true as const, data: await search.recentStock(request.query) }));

  registerCall(api, suggestedProducts, async (request) => ({ success: true as const, products: await search.suggestions(request.body) }));

  registerCall(api, getCategoryList, async (request) => ({
    success: true as const,
    ...(await listing.categoryList(request.params.categoryId, request.query)),
  }));

  registerCall(api, getBadgeList, async (request) => ({
    success: true as const,
    ...(await listing.badgeList(request.params.badgeId, request.query)),
  }));

  registerCall(api, getListingFilters, async (request) => ({ success: true as const, ...(await listing.filters(request.query)) }));

  registerCall(api, getReviews, async (request) => ({
    success: true as const,
    ...(await pages.reviews(request.query.product_id, request.query.page)),
  }));

  registerCall(api, getCategoryInfo, async (request) => ({ success: true as const, msg: '', ...(await pages.categoryInfo(request.query)) }));

  registerCall(
    api,
    getCategoriesMenu,
    async (_request, reply) => {
      reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return { success: true as const, categories: await listing.menu() };
    },
    PUBLIC,
  );

  registerCall(api, getPartPage, async (request) => ({
    success: true as const,
    ...(await pages.partPage(request.params.tag, `${request.protocol}://${request.host}`)),
  }));

  registerCall(
    api,
    getContentPage,
    async (request, reply) => {
      reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return { success: true as const, page: await pages.contentPage(request.params.slug) };
    },
    PUBLIC,
  );

  registerCall(api, getVehiclePage, async (request) => ({ success: true as const, ...(await pages.vehiclePage(request.params.slug)) }));

  registerCall(api, checkCompatibility, async (request) => ({
    success: true as const,
    ...(await pages.compatibility(request.query.tag, request.query.vrn)),
  }));
}
