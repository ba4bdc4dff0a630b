/**
 * Part requests from the shop's form (SPEC §5, §7): the fields checked in the order of SPEC §5, the
 * part type against the shop's list, the bot check last (a form with a typo does not use up the
 * person's check), then the request and its acknowledgement mail stored together.
 */
import type { PartRequestBody } from '../../../src/contract/part-requests';
import { t } from '../../../src/domain/messages';
import { partRequestFormSchema } from '../../../src/domain/part-request-form';
import type { Database } from '../../db/client';
import { fieldError, parseFields } from '../../http/fields';
import { createIdempotency, type IdempotencyScope } from '../../http/idempotency';
import type { BotCheck } from '../../integrations/bot-check';
import { createOutboxMailer } from '../../integrations/mail';
import { acknowledgement, partRequestReference } from './acknowledgement';
import { createPartRequestRepository } from './repository';

export interface PartRequestCaller {
  sessionId: string;
  memberId: number | null;
  remoteIp: string;
  idempotency: IdempotencyScope | undefined;
}

/** What a sent request answers (the route wraps it in the success envelope). */
export interface PartRequestAnswer {
  msg: string;
  url: string | null;
}


export function createPartRequestService({ db, botCheck }: { db: Database; botCheck: BotCheck }) {
  const idempotency = createIdempotency(db);
  const repository = createPartRequestRepository(db);

  return {
    async submit(body: PartRequestBody, caller: PartRequestCaller): Promise<{ answer: PartRequestAnswer; replayed: boolean }> {
      // A replay of a stored success: its bot-check token is used up, and that is expected.
      const earlier = await idempotency.replay<PartRequestAnswer>(caller.idempotency);
      if (earlier) return { answer: earlier, replayed: true };

      const form = parseFields(partRequestFormSchema, body);
      const partType = await repository.findPartType(form.part.ID);
      if (!partType) throw fieldError('part', t('validation.select_part_type'));
      if (!(await botCheck.verify(form['cf-token'], { remoteIp: caller.remoteIp }))) {
        throw fieldError('cf-token', t('validation.captcha_failed'));
      }

      return idempotency.once(caller.idempotency, async (tx) => {
        const id = await createPartRequestRepository(tx).insert({
          carReg: form.car_reg,
          email: form.email,
          name: form.name,
          phone: form.phone || null,
          partTypeId: partType.id,
          partName: partType.name,
          memberId: caller.memberId,
          sessionId: caller.sessionId,
        });
        const reference = partRequestReference(id);
        await createOutboxMailer(tx).send(acknowledgement(form.email, { name: form.name, partName: partType.name, carReg: form.car_reg, reference }));
        return { msg: t('part_requests.sent', { reference }), url: null };
      });
    },
  };
}
