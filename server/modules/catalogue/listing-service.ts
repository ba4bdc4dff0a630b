/**
 * The rules of the category and badge listings (SPEC §2, §3, §9): what a listing holds, how its
 * filters narrow it, a stable page order, and paging data that answers a page past the end with
 * no products and the page asked for.
 */
import type * as z from 'zod/mini';
import type { listingQuerySchema, menuCategorySchema, Paginator, ProductCard } from '../../../src/contract/catalogue';
import { grossFromNet, netFromGross } from '../../../src/domain/money';
import { pageCountFor } from '../../../src/domain/paginator';
import { notFound } from '../../errors';
import type { CategoryRecord, ListingFilters, ListingRepository, ListingScope } from './listing-repository';
import type { CatalogueService } from './service';

type ListingQuery = z.output<typeof listingQuerySchema>;

/** SPEC §9: the Featured badge, whose parts the categories menu shows first. */
export const FEATURED_BADGE_ID = 1;
/** SPEC §2, §9: popular products in the categories menu, at most 4. */
export const MENU_TOP_PRODUCTS = 4;
const NO_FILTERS: ListingFilters = { badgeIds: [], attributeValueGroups: [], priceNetFrom: null, priceNetTo: null };

/** The lowest net price whose VAT-inclusive price is at least `grossPence`. */
export function lowestNetForGross(grossPence: number): number {
  let net = netFromGross(grossPence);
  while (grossFromNet(net) < grossPence) net += 1;
  while (net > 0 && grossFromNet(net - 1) >= grossPence) net -= 1;
  return net;
}

/** The highest net price whose VAT-inclusive price is at most `grossPence`. */
export function highestNetForGross(grossPence: number): number {
  let net = netFromGross(grossPence);
  while (net > 0 && grossFromNet(net) > grossPence) net -= 1;
  while (grossFromNet(net + 1) <= grossPence) net += 1;
  return net;
}

/** The category tree changes only with the catalogue's reference data: read again after this long. */
export const CATEGORY_TREE_TTL_MS = 5 * 60_000;

export function createListingService({ listings, search, now = Date.now }: { listings: ListingRepository; search: CatalogueService; now?: () => number }) {
  type Tree = { byId: Map<number, CategoryRecord>; childrenOf: (id: number) => number[] };
  let tree: { loadedAt: number; tree: Promise<Tree> } | undefined;

  /**
   * A category with its sub-categories: a top category lists the parts of all of them. Held per
   * process like the search's reference names, so a listing page costs its count and its page only.
   */
  function categoryTree(): Promise<Tree> {
    if (tree && now() - tree.loadedAt < CATEGORY_TREE_TTL_MS) return tree.tree;
    const loading = listings.listCategories().then((all) => ({
      byId: new Map(all.map((category) => [category.id, category])),
      childrenOf: (id: number) => all.filter((category) => category.parentId === id).map((category) => category.id),
    }));
    const entry = { loadedAt: now(), tree: loading };
    tree = entry;
    // A failed read is not kept: the next request tries again.
    loading.catch(() => {
      if (tree === entry) tree = undefined;
    });
    return loading;
  }

  async function filtersOf(query: ListingQuery): Promise<ListingFilters> {
    const valueIds = query.attribute ?? [];
    const groups = await listings.groupsOfValues(valueIds);
    // A value of no group matches no part: grouped on its own, it empties the listing.
    const byGroup = new Map<number | string, number[]>();
    for (const id of valueIds) {
      const key = groups.get(id) ?? `unknown-${id}`;
      byGroup.set(key, [...(byGroup.get(key) ?? []), id]);
    }
    return {
      badgeIds: query.badges ?? [],
      attributeValueGroups: [...byGroup.values()],
      // The customer filters by the prices shown, which include VAT; parts store net prices.
      priceNetFrom: query.price_from === undefined ? null : lowestNetForGross(query.price_from),
      priceNetTo: query.price_to === undefined ? null : highestNetForGross(query.price_to),
    };
  }

  async function page(scope: ListingScope, query: ListingQuery): Promise<{ products: ProductCard[]; paginator: Paginator }> {
    const filters = await filtersOf(query);
    const count = scope.categoryIds?.length === 0 ? 0 : await listings.count(scope, filters);
    const pageCount = pageCountFor(count, query.limit);
    const current = Math.min(query.page, pageCount);
    const rows =
      count === 0 || query.page > pageCount
        ? []
        : await listings.pageRows(scope, filters, query.sort, query.direction, (current - 1) * query.limit, query.limit);
    return {
      products: await search.cardsOfRows(rows),
      paginator: {
        count,
        perPage: query.limit,
        limit: query.limit,
        pageCount,
        sort: query.sort,
        direction: query.direction,
        page: current,
        requestedPage: query.page,
      },
    };
  }

  /** The categories a `categories` filter names, each with its sub-categories. */
  function expand(tree: Awaited<ReturnType<typeof categoryTree>>, ids: readonly number[]): number[] {
    return [...new Set(ids.flatMap((id) => (tree.byId.has(id) ? [id, ...tree.childrenOf(id)] : [])))];
  }

  return {
    async categoryList(categoryId: number, query: ListingQuery) {
      const tree = await categoryTree();
      if (!tree.byId.has(categoryId)) throw notFound();
      let categoryIds = [categoryId, ...tree.childrenOf(categoryId)];
      if (query.categories) {
        const chosen = new Set(expand(tree, query.categories));
        categoryIds = categoryIds.filter((id) => chosen.has(id));
      }
      return page({ categoryIds, badgeId: null }, query);
    },

    async badgeList(badgeId: number, query: ListingQuery) {
      if (!(await listings.findBadge(badgeId))) throw notFound();
      const categoryIds = query.categories ? expand(await categoryTree(), query.categories) : null;
      return page({ categoryIds, badgeId }, query);
    },

    /** The filter sidebar: every badge and attribute group, and the listing's title. */
    async filters(scope: { categoryId?: number | undefined; badgeId?: number | undefined }) {
      const [category, badge, badges, groups] = await Promise.all([
        scope.categoryId === undefined ? undefined : listings.findCategory(scope.categoryId),
        scope.badgeId === undefined ? undefined : listings.findBadge(scope.badgeId),
        listings.listBadges(),
        listings.listAttributeGroups(),
      ]);
      if ((scope.categoryId !== undefined && !category) || (scope.badgeId !== undefined && !badge)) throw notFound();
      return {
        title: category?.name ?? badge?.name ?? '',
        badges,
        attributeGroups: groups.map((group) => ({ id: group.id, name: group.name, product_attribute_values: group.values })),
      };
    },

    /**
     * The categories menu (SPEC §2): each top category with its sub-categories and up to 4
     * popular products, Featured ones first, then the newest.
     */
    async menu(): Promise<z.output<typeof menuCategorySchema>[]> {
      const tree = await categoryTree();
      const tops = [...tree.byId.values()].filter((category) => category.parentId === null);
      return Promise.all(
        tops.map(async (top) => {
          const categoryIds = [top.id, ...tree.childrenOf(top.id)];
          const newest = (badgeId: number | null) => listings.pageIds({ categoryIds, badgeId }, NO_FILTERS, 'id', 'DESC', 0, MENU_TOP_PRODUCTS);
          const featured = await newest(FEATURED_BADGE_ID);
          const ids = featured.length < MENU_TOP_PRODUCTS ? [...new Set([...featured, ...(await newest(null))])] : featured;
          return {
            id: top.id,
            name: top.name,
            slug: top.slug,
            icon: top.icon,
            children: tree.childrenOf(top.id).flatMap((id) => {
              const child = tree.byId.get(id);
              return child ? [{ id: child.id, name: child.name, slug: child.slug, icon: child.icon }] : [];
            }),
            top_products: await search.cardsOfIds(ids.slice(0, MENU_TOP_PRODUCTS)),
          };
        }),
      );
    },
  };
}

export type ListingService = ReturnType<typeof createListingService>;
