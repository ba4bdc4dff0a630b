/**
 * New-stock alerts (issue 17, src/contract/alerts.ts): a member's alerts of saved searches, garage
 * vehicles or a make, model and year; and stopping one from its mail without signing in. What an
 * alert finds is copied from what it watches when it is made, so the worker reads alerts only.
 */
import type { Alert } from '../../../src/contract/alerts';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { vehicleLabel } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import { conflict, invalid, notFound, unauthorised } from '../../errors';
import type { StockSearch } from '../catalogue/index';
import { createGarageService } from '../garage/index';
import { createSavedSearchService } from '../saved-searches/index';
import { type AlertRow, createAlertRepository } from './repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

export const ALERT_LIMIT = 50;
const NOT_FOUND = 'This alert could not be found.';

function alertAnswer(row: AlertRow): Alert {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    saved_search_id: row.savedSearchId,
    garage_vehicle_id: row.garageVehicleId,
    vehicle: row.vehicle ?? null,
    push: row.push,
    created: row.createdAt.toISOString(),
    last_message: row.lastMessageAt?.toISOString() ?? null,
  };
}

export interface CreateAlertBody {
  saved_search_id?: number | undefined;
  garage_vehicle_id?: number | undefined;
  vehicle?: { make: string; model?: string | undefined; year?: number | undefined } | undefined;
  push?: boolean | undefined;
}

export function createAlertService({ db, stock, tokens, now }: { db: Database; stock: StockSearch; tokens: UnsubscribeTokens; now: () => Date }) {
  const repository = createAlertRepository(db);
  const savedSearches = createSavedSearchService({ db, stock, now });
  const garage = createGarageService({ db, stock, now });

  async function memberId(signedIn: number | null): Promise<number> {
    if (signedIn === null || !(await repository.isMember(signedIn))) throw unauthorised(t('members.sign_in_required'));
    return signedIn;
  }

  async function found(member: number, id: number): Promise<AlertRow> {
    const row = await repository.find(member, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** The alert already watching this, or the new one's row. */
  async function store(member: number, existing: () => Promise<AlertRow | undefined>, values: Omit<Parameters<typeof repository.insert>[0], 'memberId' | 'createdAt'>): Promise<AlertRow> {
    const earlier = await existing();
    if (earlier) return earlier;
    if ((await repository.countOf(member)) >= ALERT_LIMIT) throw conflict(`You can keep at most ${ALERT_LIMIT} alerts.`);
    const id = await repository.insert({ ...values, memberId: member, createdAt: now() });
    const row = id === null ? await existing() : await repository.find(member, id);
    if (!row) throw new Error('alert not stored');
    return row;
  }

  return {
    async list(signedIn: number | null): Promise<Alert[]> {
      return (await repository.list(await memberId(signedIn))).map(alertAnswer);
    },

    async create(signedIn: number | null, body: CreateAlertBody): Promise<Alert> {
      const member = await memberId(signedIn);
      const push = body.push ?? true;
      if (body.saved_search_id !== undefined) {
        const search = await savedSearches.forAlert(member, body.saved_search_id);
        if (!search) throw notFound('This saved search could not be found.');
        return alertAnswer(await store(member, () => repository.ofSavedSearch(search.id), { kind: 'search', savedSearchId: search.id, label: search.name, criteria: search.criteria, price: search.price, push }));
      }
      if (body.garage_vehicle_id !== undefined) {
        const vehicle = await garage.forAlert(member, body.garage_vehicle_id);
        if (!vehicle) throw notFound('This vehicle is not in your garage.');
        return alertAnswer(await store(member, () => repository.ofGarageVehicle(vehicle.id), { kind: 'vehicle', garageVehicleId: vehicle.id, label: vehicle.label, criteria: vehicle.criteria, push }));
      }
      const wanted = body.vehicle;
      if (!wanted) throw invalid({ saved_search_id: ['Choose a saved search, a garage vehicle or a vehicle.'] });
      const criteria = await stock.criteriaOf({ make: wanted.make, ...(wanted.model ? { model: wanted.model } : {}), ...(wanted.year !== undefined ? { year: wanted.year } : {}) });
      if (!criteria) throw invalid(wanted.model ? { 'vehicle.model': ['We do not know this model of that make.'] } : { 'vehicle.make': ['We do not know this make.'] });
      const vehicle = { make: wanted.make, model: wanted.model ?? null, year: wanted.year ?? null };
      return alertAnswer(await store(member, async () => undefined, { kind: 'vehicle', vehicle, label: vehicleLabel(vehicle), criteria, push }));
    },

    async setPush(signedIn: number | null, id: number, push: boolean): Promise<Alert> {
      const member = await memberId(signedIn);
      if (!(await repository.setPush(member, id, push))) throw notFound(NOT_FOUND);
      return alertAnswer(await found(member, id));
    },

    async remove(signedIn: number | null, id: number): Promise<void> {
      if (!(await repository.remove(await memberId(signedIn), id))) throw notFound(NOT_FOUND);
    },

    /** What an unsubscribe token would stop; 404 for a forged token or an alert already stopped. */
    async unsubscribeTarget(token: string): Promise<{ label: string }> {
      const alertId = tokens.read(token);
      const alert = alertId === null ? undefined : await repository.byId(alertId);
      if (!alert) throw notFound('This alert has already been stopped, or the link is not one of ours.');
      return { label: alert.label };
    },

    /** Stops the alert the token names. Stopping it twice is fine: the second answers 404. */
    async unsubscribe(token: string): Promise<{ label: string }> {
      const alertId = tokens.read(token);
      const removed = alertId === null ? undefined : await repository.removeById(alertId);
      if (!removed) throw notFound('This alert has already been stopped, or the link is not one of ours.');
      return { label: removed.label };
    },
  };
}
