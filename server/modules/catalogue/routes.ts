/**
 * The catalogue and search calls of SPEC §7, each registered from its contract; the rules live in
 * the services, the SQL in the repositories. Every read is public: it neither reads nor starts a
 * session (nothing in these answers depends on the visitor), goes out with Cache-Control and an
 * ETag, and is kept by stock version (answer-cache.ts).
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
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { CatalogueReads } from '../../db/replicas';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import { createWishlistReader } from '../wishlist/index';
import type { VehicleLookup } from '../../integrations/vehicle-lookup/vehicle-lookup';
import { createListingRepository } from './listing-repository';
import { createListingService } from './listing-service';
import { createPageRepository } from './page-repository';
import { createPageService } from './page-service';
import { createCatalogueReference } from './reference';
import { type AnswerStore, keepPublicAnswers, memoryStore, redisStore, watchStockVersion } from './answer-cache';
import { createCatalogueRepository } from './repository';
import { createSearchIds, searchIdKeyOf } from './search-id';
import { createCatalogueService, toModelRow } from './service';

// A public, shared-cacheable answer must not carry a Set-Cookie, so no call here starts a session.
/** Lists that change only when the catalogue is reseeded: clients and shared caches keep them an hour. */
const REFERENCE = { session: false, publicAnswer: 'public, max-age=3600' } as const;
/** Merchandising (menu, content) may change during the day; five minutes of staleness is fine. */
const CONTENT = { session: false, publicAnswer: 'public, max-age=300' } as const;
/**
 * What stock decides (searches, listings, product pages): kept by any cache but checked with the
 * shop each time (a 304 when the ETag still holds), so a sold part never shows as available.
 */
const STOCK = { session: false, publicAnswer: 'public, no-cache' } as const;

export interface CatalogueRoutesOptions {
  db: Database;
  /** Streaming replicas for the public reads (DATABASE_REPLICA_URLS); the primary `db` otherwise. */
  reads?: CatalogueReads | undefined;
  config: Config;
  vehicleLookup: VehicleLookup;
  /**
   * When the cart holds on parts end, read on the handle given (the cart module's `cartHoldEnds`,
   * given by the app: the cart moves the parts' status through this module, so this module does
   * not import the cart).
   */
  cartHoldEnds: (db: Database) => (tags: readonly string[]) => Promise<Map<string, Date>>;
}

function answerStore(api: FastifyInstance, config: Config): AnswerStore {
  // The app's Redis connection (plugins/redis.ts): while Redis is away answers are computed afresh.
  return api.redis ? redisStore(api.redis, config.catalogue.cachePrefix) : memoryStore(config.catalogue.cacheEntries, config.catalogue.cacheBytes);
}

export async function catalogueRoutes(api: FastifyInstance, { db, reads, config, vehicleLookup, cartHoldEnds }: CatalogueRoutesOptions): Promise<void> {
  // Public reads on a fresh replica when there are replicas; the wishlist (a member's own) and the
  // stock version (what the kept answers and the replicas' freshness are judged by) on the primary.
  const readDb = reads?.db ?? db;
  const catalogue = createCatalogueRepository(readDb);
  const listings = createListingRepository(readDb);
  const searchIds = createSearchIds(searchIdKeyOf(config.catalogue.searchIdKey, config.dataDir));
  const search = createCatalogueService({ repository: catalogue, reference: createCatalogueReference(catalogue), vehicleLookup, searchIds });
  const listing = createListingService({ listings, search });
  const pages = createPageService({ pages: createPageRepository(readDb), listings, search, figures: { returnsWindowDays: config.returnsWindowDays }, cartHoldEnds: cartHoldEnds(readDb) });
  const wishlist = createWishlistReader(db);

  const store = answerStore(api, config);
  if (store.bytes && api.hasDecorator('metrics')) api.metrics.answerCacheBytes(store.bytes);
  const primaryCatalogue = createCatalogueRepository(db);
  let seenVersion: number | undefined;
  const readStockVersion = async () => {
    const version = await primaryCatalogue.stockVersion();
    // Read after the version: a replica that has replayed this far has that version's stock.
    if (reads && version !== seenVersion) reads.requirePosition(await reads.primaryPosition());
    seenVersion = version;
    return version;
  };
  const stockVersion = await watchStockVersion(readStockVersion, config.catalogue.stockVersionPollMs, api.log);
  api.addHook('onClose', async () => {
    stockVersion.stop();
    await store.close();
  });
  keepPublicAnswers(api, store, stockVersion);

  registerCall(
    api,
    getPartTypes,
    async () => {
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
    REFERENCE,
  );

  registerCall(api, getMakes, async () => ({ success: true as const, data: await search.makes() }), REFERENCE);

  registerCall(
    api,
    getModels,
    async (request) => {
      const make = await search.findMake(request.query.make);
      const models = make ? await search.modelsOf(make.id) : [];
      return { success: true as const, data: models.map(toModelRow) };
    },
    REFERENCE,
  );

  registerCall(api, partSearch, async (request) => search.partSearch(request.query), STOCK);

  registerCall(api, followSearch, async (request) => ({ success: true as const, data: await search.followSearch(request.query.searchId) }), STOCK);

  registerCall(api, recentStock, async (request) => ({ success: true as const, data: await search.recentStock(request.query) }), STOCK);

  // SPEC §7 makes it a POST, so the CSRF check (plugins/csrf.ts) reads the session; nothing is kept.
  registerCall(api, suggestedProducts, async (request) => ({ success: true as const, products: await search.suggestions(request.body) }));

  registerCall(
    api,
    getCategoryList,
    async (request) => ({ success: true as const, ...(await listing.categoryList(request.params.categoryId, request.query)) }),
    STOCK,
  );

  registerCall(
    api,
    getBadgeList,
    async (request) => ({ success: true as const, ...(await listing.badgeList(request.params.badgeId, request.query)) }),
    STOCK,
  );

  registerCall(api, getListingFilters, async (request) => ({ success: true as const, ...(await listing.filters(request.query)) }), CONTENT);

  registerCall(
    api,
    getReviews,
    async (request) => ({ success: true as const, ...(await pages.reviews(request.query.product_id, request.query.page)) }),
    STOCK,
  );

  registerCall(api, getCategoryInfo, async (request) => ({ success: true as const, msg: '', ...(await pages.categoryInfo(request.query)) }), CONTENT);

  registerCall(api, getCategoriesMenu, async () => ({ success: true as const, categories: await listing.menu() }), CONTENT);

  // A signed-in member's answer says whether the part is on their wishlist (SPEC §3
  // on_member_wishlist); it is theirs alone (memberAnswer: private, never kept). Everyone else gets
  // the public, kept answer, where it is false.
  registerCall(
    api,
    getPartPage,
    async (request) => {
      const answer = await pages.partPage(request.params.tag, `${request.protocol}://${request.host}`);
      const memberId = (await currentSession(request, { touch: false }))?.memberId ?? null;
      if (memberId !== null) answer.product.on_member_wishlist = await wishlist.isOnWishlist(memberId, answer.product.Tag);
      return { success: true as const, ...answer };
    },
    { ...STOCK, memberAnswer: true },
  );

  registerCall(api, getContentPage, async (request) => ({ success: true as const, page: await pages.contentPage(request.params.slug) }), CONTENT);

  registerCall(api, getVehiclePage, async (request) => ({ success: true as const, ...(await pages.vehiclePage(request.params.slug)) }), STOCK);

  registerCall(
    api,
    checkCompatibility,
    async (request) => ({ success: true as const, ...(await pages.compatibility(request.query.tag, request.query.vrn)) }),
    STOCK,
  );
}
