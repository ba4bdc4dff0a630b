/**
 * Saved searches (issue 17, src/contract/saved-searches.ts): a member's searches kept by name,
 * counted against stock now and since the member last ran each, and handed back to be run by the
 * normal search. What a search finds is resolved by the catalogue's stock search when it is saved.
 */
import type { SavedSearch, SavedSearchParams } from '../../../src/contract/saved-searches';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { savedSearchUrl } from '../../../src/domain/saved-searches';
import { savedSearchName } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import { conflict, notFound, unauthorised } from '../../errors';
import { createIdempotency, type IdempotencyScope } from '../../http/idempotency';
import type { StockSearch } from '../catalogue/index';
import { createSavedSearchRepository, type SavedSearchRow } from './repository';

/** Enough for a trade buyer's regular searches; a bound on what one member can make the worker do. */
export const SAVED_SEARCH_LIMIT = 50;


export function createSavedSearchService({ db, stock, now }: { db: Database; stock: StockSearch; now: () => Date }) {
  const repository = createSavedSearchRepository(db);

  async function memberId(signedIn: number | null): Promise<number> {
    if (signedIn === null || !(await repository.isMember(signedIn))) throw unauthorised(t('members.sign_in_required'));
    return signedIn;
  }

  async function found(member: number, id: number): Promise<SavedSearchRow> {
    const row = await repository.find(member, id);
    if (!row) throw notFound('This saved search could not be found.');
    return row;
  }

  async function answerOf(row: SavedSearchRow): Promise<SavedSearch> {
    const price = row.params.price_from !== undefined || row.params.price_to !== undefined ? { from: row.params.price_from ?? null, to: row.params.price_to ?? null } : null;
    const counts = await stock.count(row.criteria, price, row.seenArrival);
    return {
      id: row.id,
      name: row.name,
      params: row.params,
      matching: counts.matching,
      new_since_last_view: counts.fresh,
      last_viewed: row.lastViewedAt?.toISOString() ?? null,
      created: row.createdAt.toISOString(),
      alert_id: row.alertId,
    };
  }

  return {
    async list(signedIn: number | null): Promise<SavedSearch[]> {
      const rows = await repository.list(await memberId(signedIn));
      return Promise.all(rows.map(answerOf));
    },

    /**
     * Saves the search once per Idempotency-Key: a repeat answers the search the first request
     * saved (its counts as they are now). What the search finds is resolved before the write's
     * transaction (embedded PGlite has one connection), and counted after it.
     */
    async create(signedIn: number | null, body: { name?: string | undefined; params: SavedSearchParams }, scope?: IdempotencyScope): Promise<{ record: SavedSearch; replayed: boolean }> {
      const member = await memberId(signedIn);
      const criteria = await stock.criteriaOf(body.params);
      const name = body.name || savedSearchName(body.params, body.params.partType === undefined ? null : await stock.partTypeName(body.params.partType));
      const { answer, replayed } = await createIdempotency(db).run(scope, async (tx) => {
        const writer = createSavedSearchRepository(tx);
        if ((await writer.countOf(member)) >= SAVED_SEARCH_LIMIT) throw conflict(`You can keep at most ${SAVED_SEARCH_LIMIT} saved searches.`);
        return { id: await writer.insert({ memberId: member, name, params: body.params, criteria, createdAt: now() }) };
      });
      return { record: await answerOf(await found(member, answer.id)), replayed };
    },

    /** The search's parameters to run it with; from now on only later arrivals are new. */
    async run(signedIn: number | null, id: number): Promise<{ params: SavedSearchParams; search_url: string }> {
      const member = await memberId(signedIn);
      const row = await found(member, id);
      await repository.markViewed(member, id, await stock.newestArrival(), now());
      return { params: row.params, search_url: savedSearchUrl(row.params) };
    },

    async rename(signedIn: number | null, id: number, name: string): Promise<SavedSearch> {
      const member = await memberId(signedIn);
      if (!(await repository.rename(member, id, name))) throw notFound('This saved search could not be found.');
      return answerOf(await found(member, id));
    },

    async remove(signedIn: number | null, id: number): Promise<void> {
      const member = await memberId(signedIn);
      if (!(await repository.remove(member, id))) throw notFound('This saved search could not be found.');
    },

    /** For the alerts module: the member's search with what it finds (undefined: not theirs). */
    async forAlert(member: number, id: number) {
      const row = await repository.find(member, id);
      if (!row) return undefined;
      const price = row.params.price_from !== undefined || row.params.price_to !== undefined ? { from: row.params.price_from ?? null, to: row.params.price_to ?? null } : null;
      return { id: row.id, name: row.name, criteria: row.criteria, price };
    },
  };
}
