/**
 * Part requests in the back office: the queue, a request's page and its answers (searching, found
 * with a part on sale, not found) by the rules of src/domain/return-steps.ts. A found request keeps
 * the part's Tag, which the customer's account shows with a link to buy it (the part requests
 * module draws that link). Each answer writes one audit entry and mails the customer.
 */
import type { AdminPartRequest } from '../../../../src/contract/admin-sales';
import { ADMIN_QUEUE_PAGE_SIZE } from '../../../../src/contract/admin-sales';
import type { Paginator } from '../../../../src/contract/catalogue';
import { grossFromNet } from '../../../../src/domain/money';
import { pageCountFor } from '../../../../src/domain/paginator';
import { partTypeName } from '../../../../src/domain/part-types';
import { checkPartRequestStep, nextPartRequestSteps, type PartRequestStep } from '../../../../src/domain/return-steps';
import { productPath } from '../../../../src/domain/urls';
import { PART_REQUEST_STATUSES } from '../../../db/schema';
import { conflict, invalidField, notFound } from '../../../errors';
import { tellAboutRequest } from './mails';
import type { Actor, SalesDeps } from './orders-service';
import type { PartRequestRow } from './repository';
import { createSalesAccess, type SalesAccess } from './sales-access';

type Part = NonNullable<Awaited<ReturnType<SalesAccess['partByReference']>>>;

const urlOf = (part: Part) => productPath({ make: part.make, model: part.model, partName: partTypeName(part.partName, [{ Name: part.typeName, ExternalName: part.typeExternalName }]), tag: part.tag });

/** What the part is, as its page names it: make, model and part type. */
const nameOf = (part: Part) => `${part.make} ${part.model} ${partTypeName(part.partName, [{ Name: part.typeName, ExternalName: part.typeExternalName }])}`;

async function requestView(repo: SalesAccess, row: PartRequestRow): Promise<AdminPartRequest> {
  const part = row.foundPartTag ? await repo.partByReference(row.foundPartTag) : null;
  const status = PART_REQUEST_STATUSES[row.status];
  return {
    id: row.id,
    status: { code: row.status, name: status.name, color_rgba: status.color_rgba },
    car_reg: row.carReg,
    part_name: row.partName,
    name: row.name,
    email: row.email,
    phone: row.phone,
    member: row.memberId !== null,
    created: row.createdAt.toISOString(),
    found_part: part ? { id: part.id, tag: part.tag, name: nameOf(part), price: grossFromNet(part.priceNet), status: part.status, url: urlOf(part) } : null,
    next_steps: nextPartRequestSteps(row.status),
  };
}

export function createPartRequestsAdminService(deps: SalesDeps) {
  const { db, publicUrl } = deps;

  return {
    async list(query: { status?: PartRequestRow['status'] | 'open' | undefined; q?: string | undefined; page?: number | undefined }) {
      const repo = createSalesAccess(db);
      const statuses: PartRequestRow['status'][] = query.status === undefined || query.status === 'open' ? ['new', 'searching'] : [query.status];
      const total = await repo.countRequests(statuses, query.q);
      const pageCount = pageCountFor(total, ADMIN_QUEUE_PAGE_SIZE);
      const requested = query.page ?? 1;
      const page = Math.min(requested, Math.max(pageCount, 1));
      const rows = requested > pageCount ? [] : await repo.pageRequests(statuses, ADMIN_QUEUE_PAGE_SIZE, (page - 1) * ADMIN_QUEUE_PAGE_SIZE, query.q);
      const counts = await repo.requestCounts();
      const paginator: Paginator = { count: total, perPage: ADMIN_QUEUE_PAGE_SIZE, limit: ADMIN_QUEUE_PAGE_SIZE, pageCount, sort: 'created', direction: 'ASC', page, requestedPage: requested };
      const records = [];
      for (const row of rows) records.push(await requestView(repo, row));
      return { records, paginator, counts: Object.fromEntries(Object.keys(PART_REQUEST_STATUSES).map((code) => [code, counts[code] ?? 0])) };
    },

    async view(id: number): Promise<AdminPartRequest> {
      const repo = createSalesAccess(db);
      const row = await repo.requestById(id);
      if (!row) throw notFound('There is no part request with this number.');
      return requestView(repo, row);
    },

    async answer(id: number, step: PartRequestStep, partReference: string | undefined, who: Actor): Promise<AdminPartRequest> {
      await db.transaction(async (tx) => {
        const repo = createSalesAccess(tx);
        const row = await repo.lockRequest(id);
        if (!row) throw notFound('There is no part request with this number.');
        const check = checkPartRequestStep(row.status, step);
        if (!check.ok) throw conflict(check.message);
        let part: Part | null = null;
        if (step === 'found') {
          if (!partReference) throw invalidField('part', 'Give the part’s id or stock number.');
          part = await repo.partByReference(partReference);
          if (!part) throw invalidField('part', 'No part has this id or stock number.');
          if (part.status !== 'available') throw invalidField('part', `This part is ${part.status}: choose one on sale.`);
        }
        await repo.setRequestStatus(id, step, part?.tag ?? null);
        await who.audit(tx, { action: `part_request.${step}`, entity: 'part_request', entityId: String(id), before: { status: row.status, part: row.foundPartTag }, after: { status: step, part: part?.tag ?? null } });
        const member = row.memberId !== null ? await repo.memberOf(row.memberId) : null;
        await tellAboutRequest(
          tx,
          step === 'found' && part ? { status: 'found', partUrl: `${publicUrl}${urlOf(part)}`, price: grossFromNet(part.priceNet) } : step === 'found' ? { status: 'not_found' } : { status: step },
          { to: row.email, name: row.name || 'there', partName: row.partName, carReg: row.carReg, accountUrl: member && !member.isGuest ? `${publicUrl}/panel/client/part-requests` : null },
        );
      });
      return this.view(id);
    },
  };
}
