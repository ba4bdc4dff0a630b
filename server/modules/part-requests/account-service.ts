/**
 * A member's part requests in the account area (SPEC §2, §3 'Part request (account)', §5, §7):
 * their own list, 5 a page, and a request sent from the account's form. Only the signed-in
 * member's rows are ever read; a checkout guest is nobody here.
 */
import type { AccountPartRequest, AccountPartRequestBody } from '../../../src/contract/part-requests';
import type { Paginator } from '../../../src/contract/catalogue';
import { accountPartRequestFormSchema, partOf } from '../../../src/domain/account-part-request';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { pageCountFor } from '../../../src/domain/paginator';
import { partTypeName } from '../../../src/domain/part-types';
import { productPath } from '../../../src/domain/urls';
import type { Database } from '../../db/client';
import { PART_REQUEST_STATUSES } from '../../db/schema';
import { unauthorised } from '../../errors';
import { fieldError, parseFields } from '../../http/fields';
import { createIdempotency, type IdempotencyScope } from '../../http/idempotency';
import { createOutboxMailer } from '../../integrations/mail';
import { acknowledgement, partRequestReference } from './acknowledgement';
import { createPartRequestRepository, type FoundPart, type PartRequestRow } from './repository';

export interface AccountCaller {
  sessionId: string;
  memberId: number | null;
}

export interface PartRequestListQuery {
  sort: 'created';
  direction: 'ASC' | 'DESC';
  page: number;
  limit: number;
}

/** A row as the account's list shows it; a found request links to its part's page while the part exists. */
export function accountRecord(row: PartRequestRow, foundPart: FoundPart | null = null): AccountPartRequest {
  const status = PART_REQUEST_STATUSES[row.status];
  return {
    id: row.id,
    reference: partRequestReference(row.id),
    car_reg: row.carReg,
    part_name: row.partName,
    part_name_manually: row.partTypeId === null ? row.partName : null,
    part_type: row.partTypeId === null ? null : { ID: row.partTypeId, Name: row.partName },
    created: row.createdAt.toISOString(),
    part_request_status: { code: row.status, name: status.name, color_rgba: status.color_rgba },
    part_url:
      row.status === 'found' && foundPart
        ? productPath({
            make: foundPart.makeName,
            model: foundPart.modelName,
            partName: partTypeName(foundPart.partName, [{ Name: foundPart.partTypeName, ExternalName: foundPart.partTypeExternalName }]),
            tag: foundPart.tag,
          })
        : null,
  };
}

export function createAccountPartRequestService({ db, now }: { db: Database; now: () => Date }) {
  const repository = createPartRequestRepository(db);
  const idempotency = createIdempotency(db);

  /** The signed-in member's account, or 401: nobody signed in, or a checkout guest. */
  async function signedInMember(caller: AccountCaller | null) {
    const member = caller?.memberId == null ? null : await repository.member(caller.memberId);
    if (!member || member.isGuest) throw unauthorised(t('part_requests.sign_in_required'));
    return member;
  }

  return {
    /** One page of the member's requests: a count, then the page (a page past the end is empty). */
    async list(caller: AccountCaller | null, query: PartRequestListQuery): Promise<{ records: AccountPartRequest[]; paginator: Paginator }> {
      const member = await signedInMember(caller);
      const total = await repository.countOfMember(member.id);
      const pageCount = pageCountFor(total, query.limit);
      const page = Math.min(query.page, pageCount);
      const rows =
        total === 0 || query.page > pageCount
          ? []
          : await repository.pageOfMember(member.id, { direction: query.direction === 'ASC' ? 'asc' : 'desc', offset: (page - 1) * query.limit, limit: query.limit });
      return {
        records: rows.map((row) => accountRecord(row, row.foundPart)),
        paginator: { count: total, perPage: query.limit, limit: query.limit, pageCount, sort: query.sort, direction: query.direction, page, requestedPage: query.page },
      };
    },

    /**
     * Stores the member's request with their e-mail address and name, and its acknowledgement
     * mail, in one transaction. A repeat with the same Idempotency-Key answers the first again.
     */
    async add(caller: AccountCaller | null, body: AccountPartRequestBody, scope: IdempotencyScope | undefined): Promise<{ answer: { msg: string; record: AccountPartRequest }; replayed: boolean }> {
      const member = await signedInMember(caller);
      const earlier = await idempotency.replay<{ msg: string; record: AccountPartRequest }>(scope);
      if (earlier) return { answer: earlier, replayed: true };

      const form = parseFields(accountPartRequestFormSchema, body);
      const part = partOf(form);
      // The schema has refused a form without either; this keeps the types honest.
      if (!part) throw fieldError('part_name_manually', t('part_requests.part_required'));
      let partTypeId: number | null = null;
      let partName: string;
      if ('typeId' in part) {
        const partType = await repository.findPartType(part.typeId);
        if (!partType) throw fieldError('part_type', t('validation.select_part_type'));
        partTypeId = partType.id;
        partName = partType.name;
      } else partName = part.name;

      const name = `${member.firstName} ${member.lastName}`.trim();
      return idempotency.once(scope, async (tx) => {
        const requests = createPartRequestRepository(tx);
        const id = await requests.insert({
          carReg: form.car_reg,
          email: member.email,
          name,
          phone: null,
          partTypeId,
          partName,
          memberId: member.id,
          sessionId: caller?.sessionId ?? '',
          createdAt: now(),
        });
        const reference = partRequestReference(id);
        await createOutboxMailer(tx).send(acknowledgement(member.email, { name, partName, carReg: form.car_reg, reference }));
        const row = await requests.byId(id);
        if (!row) throw new Error('the part request just stored is missing');
        return { msg: t('part_requests.sent', { reference }), record: accountRecord(row) };
      });
    },
  };
}
