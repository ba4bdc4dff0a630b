/**
 * SQL of the category and badge listings. A page is read in two steps: the ids of the page from
 * the (category_id, status, id) index alone, then the cards of those ids; so a deep page costs a
 * longer index scan, not a longer scan of whole rows.
 */
import { asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attributeGroups, attributeValues, badges, categories, categoryPartCounts } from '../../db/schema';
import { namedRowsOf, rowsOf } from '../../db/rows';
import { PART_ROW_COLUMNS, type PartRow } from './repository';

export type ListingSort = 'id' | 'price' | 'created' | 'name';
export type SortDirection = 'ASC' | 'DESC';

/** Which parts a listing is of. */
export interface ListingScope {
  /** The categories whose parts it shows; null for every category. */
  categoryIds: number[] | null;
  /** A badge every part must carry (badge listings); null for none. */
  badgeId: number | null;
}

/** The customer's filters (SPEC §2 filter sidebar). */
export interface ListingFilters {
  /** Parts carrying any of these badges. */
  badgeIds: number[];
  /** Attribute values grouped by attribute group: a part needs one value of every group. */
  attributeValueGroups: number[][];
  /** Net price bounds in pence, inclusive. */
  priceNetFrom: number | null;
  priceNetTo: number | null;
}

export interface CategoryRecord {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  icon: string;
}

/** What each sort orders by before the id; sorting by id itself needs no other column. */
const SORT_COLUMNS: Record<Exclude<ListingSort, 'id'>, SQL> = {
  price: sql`p.price_net`,
  created: sql`p.created_at`,
  // The "C" collation sorts the same on PGlite and on any server, whatever its locale.
  name: sql`p.part_name COLLATE "C"`,
};

function filterConditions(filters: ListingFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.badgeIds.length > 0) {
    conditions.push(sql`EXISTS (SELECT 1 FROM part_badges fb WHERE fb.part_id = p.id AND fb.badge_id IN ${filters.badgeIds})`);
  }
  for (const values of filters.attributeValueGroups) {
    conditions.push(sql`EXISTS (SELECT 1 FROM part_attribute_values fa WHERE fa.part_id = p.id AND fa.value_id IN ${values})`);
  }
  if (filters.priceNetFrom !== null) conditions.push(sql`p.price_net >= ${filters.priceNetFrom}`);
  if (filters.priceNetTo !== null) conditions.push(sql`p.price_net <= ${filters.priceNetTo}`);
  return conditions;
}

/** FROM and WHERE of the available parts of one category of the scope (or of all of them). */
function scopedParts(scope: ListingScope, categoryId: number | null, filters: ListingFilters): SQL {
  // Joined rather than tested with EXISTS, so a badge listing can walk the badge's own index.
  const badgeJoin = scope.badgeId === null ? sql`` : sql`JOIN part_badges sb ON sb.part_id = p.id AND sb.badge_id = ${scope.badgeId}`;
  const conditions = [sql`p.status = 'available'`, ...filterConditions(filters)];
  if (categoryId !== null) conditions.unshift(sql`p.category_id = ${categoryId}`);
  return sql`FROM parts p ${badgeJoin} WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** The ids of one page in a stable order (the sort, then id in the same direction). */
function pageQuery(scope: ListingScope, filters: ListingFilters, sort: ListingSort, direction: SortDirection, offset: number, limit: number): SQL {
  const dir = direction === 'ASC' ? sql`ASC` : sql`DESC`;
  // Ordering by id twice (as key and as tie-break) would cost a sort step; id needs no key.
  const key = sort === 'id' ? null : SORT_COLUMNS[sort];
  const arms = (scope.categoryIds ?? [null]).map(
    (categoryId) =>
      sql`(SELECT p.id${key === null ? sql`` : sql`, ${key} AS sort_key`} ${scopedParts(scope, categoryId, filters)}
           ORDER BY ${key === null ? sql`` : sql`${key} ${dir}, `}p.id ${dir} LIMIT ${offset + limit})`,
  );
  return sql`SELECT id FROM (${sql.join(arms, sql` UNION ALL `)}) page
             ORDER BY ${key === null ? sql`` : sql`sort_key ${dir}, `}id ${dir} LIMIT ${limit} OFFSET ${offset}`;
}

export function createListingRepository(db: Database) {
  return {
    async findCategory(id: number): Promise<CategoryRecord | undefined> {
      const [row] = await db
        .select({ id: categories.id, parentId: categories.parentId, name: categories.name, slug: categories.slug, icon: categories.icon })
        .from(categories)
        .where(eq(categories.id, id));
      return row;
    },

    /** The categories, top ones first, each level in menu order. */
    async listCategories(): Promise<CategoryRecord[]> {
      return db
        .select({ id: categories.id, parentId: categories.parentId, name: categories.name, slug: categories.slug, icon: categories.icon })
        .from(categories)
        .orderBy(sql`${categories.parentId} IS NOT NULL`, asc(categories.position), asc(categories.id));
    },

    async listTopCategories(): Promise<CategoryRecord[]> {
      return db
        .select({ id: categories.id, parentId: categories.parentId, name: categories.name, slug: categories.slug, icon: categories.icon })
        .from(categories)
        .where(isNull(categories.parentId))
        .orderBy(asc(categories.position), asc(categories.id));
    },

    async listBadges(): Promise<{ id: number; slug: string; name: string }[]> {
      return db.select({ id: badges.id, slug: badges.slug, name: badges.name }).from(badges).orderBy(asc(badges.id));
    },

    async findBadge(id: number): Promise<{ id: number; slug: string; name: string } | undefined> {
      const [row] = await db.select({ id: badges.id, slug: badges.slug, name: badges.name }).from(badges).where(eq(badges.id, id));
      return row;
    },

    async listAttributeGroups(): Promise<{ id: number; name: string; values: { id: number; name: string }[] }[]> {
      const [groups, values] = await Promise.all([
        db.select({ id: attributeGroups.id, name: attributeGroups.name }).from(attributeGroups).orderBy(asc(attributeGroups.id)),
        db
          .select({ id: attributeValues.id, groupId: attributeValues.groupId, name: attributeValues.name })
          .from(attributeValues)
          .orderBy(asc(attributeValues.id)),
      ]);
      return groups.map((group) => ({
        ...group,
        values: values.filter((value) => value.groupId === group.id).map(({ id, name }) => ({ id, name })),
      }));
    },

    /** The group of each known attribute value among `valueIds`. */
    async groupsOfValues(valueIds: number[]): Promise<Map<number, number>> {
      if (valueIds.length === 0) return new Map();
      const rows = await db
        .select({ id: attributeValues.id, groupId: attributeValues.groupId })
        .from(attributeValues)
        .where(inArray(attributeValues.id, valueIds));
      return new Map(rows.map((row) => [row.id, row.groupId]));
    },

    /**
     * How many available parts the listing holds. A category listing without filters adds up the
     * counts the triggers keep; anything else (a badge, a filter) counts the matching rows.
     */
    async count(scope: ListingScope, filters: ListingFilters): Promise<number> {
      const unfiltered = filterConditions(filters).length === 0 && scope.badgeId === null;
      if (unfiltered && scope.categoryIds !== null) {
        const [row] = await namedRowsOf<{ count: number }>(
          db,
          sql`SELECT coalesce(sum(c.count), 0)::int AS count FROM ${categoryPartCounts} c
              WHERE c.category_id = ANY(${sql.param(scope.categoryIds)}::int[]) AND c.status = 'available'`,
        );
        return row?.count ?? 0;
      }
      const category = scope.categoryIds === null ? sql`` : sql`AND p.category_id IN ${scope.categoryIds}`;
      const [row] = await rowsOf<{ count: number }>(db, sql`SELECT count(*)::int AS count ${scopedParts(scope, null, filters)} ${category}`);
      return row?.count ?? 0;
    },

    /**
     * The ids of one page in a stable order (the sort, then id in the same direction). One arm per
     * category, each reading at most offset + limit entries of its own index range in order, so a
     * category with sub-categories pages as cheaply as one.
     */
    async pageIds(
      scope: ListingScope,
      filters: ListingFilters,
      sort: ListingSort,
      direction: SortDirection,
      offset: number,
      limit: number,
    ): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(db, pageQuery(scope, filters, sort, direction, offset, limit));
      return rows.map((row) => row.id);
    },

    /** The card fields of one page's parts, in page order: {@link pageIds} and the rows in one statement. */
    async pageRows(
      scope: ListingScope,
      filters: ListingFilters,
      sort: ListingSort,
      direction: SortDirection,
      offset: number,
      limit: number,
    ): Promise<PartRow[]> {
      const page = pageQuery(scope, filters, sort, direction, offset, limit);
      // A category's own pages (no filter, no badge) are a few shapes whose plan does not depend on
      // the values: named, planned once per connection. A filtered page's plan depends on what it
      // filters by (a generic plan of the searches was many times slower at 1M parts): planned each time.
      const run = scope.badgeId === null && filterConditions(filters).length === 0 ? namedRowsOf : rowsOf;
      return run<PartRow>(
        db,
        // ARRAY() keeps the page's order and WITH ORDINALITY numbers it: the join cannot reorder it.
        sql`SELECT ${PART_ROW_COLUMNS} FROM unnest(ARRAY(${page})) WITH ORDINALITY AS page(id, position)
            JOIN parts p ON p.id = page.id ORDER BY page.position`,
      );
    },
  };
}

export type ListingRepository = ReturnType<typeof createListingRepository>;
