/**
 * Web push subscriptions and delivery (issue 17, src/contract/push.ts): a member's devices, the
 * push outbox written with what caused each push, and the sending of it through the push port.
 */
import type { FastifyBaseLogger } from 'fastify';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import type { Database } from '../../db/client';
import { notFound, unauthorised } from '../../errors';
import type { PushSender } from '../../integrations/push';
import { createPushRepository, type PushPayload, type SubscriptionRow } from './repository';

const PUSH_BATCH = 100;

function subscriptionAnswer(row: SubscriptionRow) {
  return { id: row.id, label: row.label, service: new URL(row.endpoint).origin, created: row.createdAt.toISOString() };
}

export function createPushService({ db, now }: { db: Database; now: () => Date }) {
  const repository = createPushRepository(db);
  async function memberId(signedIn: number | null): Promise<number> {
    if (signedIn === null || !(await repository.isMember(signedIn))) throw unauthorised(t('members.sign_in_required'));
    return signedIn;
  }
  return {
    async list(signedIn: number | null) {
      return (await repository.list(await memberId(signedIn))).map(subscriptionAnswer);
    },
    async add(signedIn: number | null, body: { endpoint: string; keys: { p256dh: string; auth: string }; label?: string | undefined }) {
      const member = await memberId(signedIn);
      return subscriptionAnswer(await repository.upsert({ memberId: member, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, label: body.label ?? '', createdAt: now() }));
    },
    async remove(signedIn: number | null, id: number) {
      if (!(await repository.remove(await memberId(signedIn), id))) throw notFound('This device is not subscribed.');
    },
  };
}

/** Queues a push to every device of the member; with a transaction's handle it commits with its cause. */
export function queuePush(db: Database, memberId: number, payload: PushPayload, at: Date): Promise<number> {
  return createPushRepository(db).queue(memberId, payload, at);
}

/**
 * Sends the waiting pushes: a subscription its push service calls gone (404, 410) is removed; any
 * other failure is tried again in a later round. Answers how many were sent. The sender is made
 * on first use (with no VAPID keys configured, that makes the key pair).
 */
export async function deliverPushes(db: Database, sender: () => PushSender, now: () => Date, log: FastifyBaseLogger): Promise<number> {
  const repository = createPushRepository(db);
  let sent = 0;
  for (;;) {
    const claimed = await repository.claimUnsent(PUSH_BATCH, now());
    for (const { push, subscription } of claimed) {
      const outcome = await sender().send({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(push.payload), push.payload.tag ? { topic: push.payload.tag } : {});
      if (outcome.status === 'sent') sent += 1;
      else if (outcome.status === 'gone') {
        log.info({ subscription: subscription.id }, 'push subscription gone: removed');
        await repository.removeGone(subscription.id);
      } else {
        log.warn({ subscription: subscription.id, reason: outcome.reason }, 'push not delivered: tried again later');
        await repository.release(push.id);
      }
    }
    if (claimed.length < PUSH_BATCH) return sent;
  }
}
