/**
 * The alerts' background worker (issue 17). A round:
 *
 * 1. Matching: takes a batch of stock arrivals (queued by the triggers on parts) with SELECT … FOR
 *    UPDATE SKIP LOCKED, finds which alerts each part matches (the catalogue's rules), records an
 *    (alert, part) notification — at most once ever, by primary key — and marks the batch matched,
 *    all in one transaction; another process takes other rows meanwhile.
 * 2. Messages: takes one alert at a time that has parts waiting and may send (never sent, or its
 *    last message an hour ago), locked FOR UPDATE SKIP LOCKED; writes one mail listing the parts
 *    (and a push to each of the member's devices when the alert pushes), its alert_messages row —
 *    unique per (alert, hour) — and marks the parts told, in one transaction.
 * 3. Push delivery: sends the push outbox outside any transaction.
 *
 * So several API processes running rounds side by side never send an alert twice, and nothing of
 * this runs inside the request that added the stock.
 */
import type { FastifyBaseLogger } from 'fastify';
import { grossFromNet } from '../../../src/domain/money';
import { partTypeName } from '../../../src/domain/part-types';
import { ALERT_MESSAGE_GAP_MS, alertIsDue, alertMail, alertPeriod, alertPush } from '../../../src/domain/trade-buyers';
import { productPath } from '../../../src/domain/urls';
import type { Database } from '../../db/client';
import { createOutboxMailer } from '../../integrations/mail';
import type { PushSender } from '../../integrations/push';
import type { StockSearch } from '../catalogue/index';
import { deliverPushes, queuePush } from '../push/index';
import { type AlertPartRecord, createAlertRepository } from './repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** A mail lists at most this many parts; the rest are counted and one link shows them all. */
export const MAIL_PARTS_LIMIT = 20;

export interface AlertWorkerDeps {
  db: Database;
  stock: StockSearch;
  tokens: UnsubscribeTokens;
  /** The push port, made on first use (its VAPID keys may be made then). */
  push: () => PushSender;
  publicUrl: string;
  batchSize: number;
  settleMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface RoundReport {
  arrivals: number;
  notifications: number;
  messages: number;
  pushes: number;
}

/** One batch of arrivals matched in one transaction; answers how many arrivals and new notifications. */
async function matchBatch({ db, stock, batchSize, settleMs, now }: AlertWorkerDeps): Promise<{ arrivals: number; notifications: number }> {
  return db.transaction(async (tx) => {
    const alerts = createAlertRepository(tx);
    const arrivals = await alerts.claimArrivals(batchSize, settleMs);
    if (arrivals.length === 0) return { arrivals: 0, notifications: 0 };
    const partIds = [...new Set(arrivals.map((arrival) => arrival.partId))];
    const at = now();
    const rows: { alertId: number; partId: number; matchedAt: Date }[] = [];
    for (const alert of await alerts.activeAlerts()) {
      if (!alert.criteria) continue;
      for (const partId of await stock.matchingOf(partIds, alert.criteria, alert.price, tx)) rows.push({ alertId: alert.id, partId, matchedAt: at });
    }
    await alerts.insertNotifications(rows);
    await alerts.markMatched(
      arrivals.map((arrival) => arrival.seq),
      at,
    );
    return { arrivals: arrivals.length, notifications: rows.length };
  });
}

function partLine(part: AlertPartRecord) {
  const name = partTypeName(part.partName, [{ Name: part.partTypeName, ExternalName: part.partTypeExternalName }]);
  return { name: `${part.makeName} ${part.modelName} ${name}`, price: grossFromNet(part.priceNet), path: productPath({ make: part.makeName, model: part.modelName, partName: name, tag: part.tag }) };
}

/** One due alert told in one transaction; false when no alert is due. */
async function sendOne({ db, tokens, publicUrl, now }: AlertWorkerDeps): Promise<'none' | 'sent' | 'skipped'> {
  return db.transaction(async (tx) => {
    const alerts = createAlertRepository(tx);
    const at = now();
    const alert = await alerts.claimDueAlert(new Date(at.getTime() - ALERT_MESSAGE_GAP_MS));
    if (!alert) return 'none';
    if (!alertIsDue(alert.lastMessageAt, at)) return 'skipped';
    const pending = await alerts.pendingParts(alert.id);
    const available = pending.filter((part) => part.status === 'available');
    await alerts.forgetPending(
      alert.id,
      pending.filter((part) => part.status !== 'available').map((part) => part.partId),
    );
    if (available.length === 0) return 'skipped';
    const messageId = await alerts.insertMessage(alert.id, alertPeriod(at), at, available.length);
    // This alert's message of this hour exists (sent by another process): nothing more now, and
    // the alert rests until the hour is over, so the round does not take it again.
    if (messageId === null) {
      await alerts.rest(alert.id, at);
      return 'skipped';
    }
    const lines = available.map(partLine);
    const listed = lines.slice(0, MAIL_PARTS_LIMIT).map((line) => ({ name: line.name, price: line.price, url: publicUrl + line.path }));
    const more = lines.length - listed.length;
    const mail = alertMail({
      firstName: alert.firstName,
      label: alert.label,
      parts: listed,
      unsubscribeUrl: `${publicUrl}/alerts/unsubscribe/${tokens.issue(alert.id)}`,
      alertsUrl: `${publicUrl}/panel/client/alerts`,
    });
    const text = more > 0 ? mail.text.replace('\n\nUsed parts sell', `\n\n  …and ${more} more.\n\nUsed parts sell`) : mail.text;
    await createOutboxMailer(tx).send({ to: alert.email, subject: more > 0 ? `${lines.length} new parts for ${alert.label}` : mail.subject, text });
    if (alert.push) {
      const push = alertPush({ label: alert.label, parts: lines.map((line) => ({ name: line.name, price: line.price, url: line.path })) });
      await queuePush(tx, alert.memberId, { ...push, tag: `alert-${alert.id}` }, at);
    }
    await alerts.markTold(
      alert.id,
      available.map((part) => part.partId),
      messageId,
      at,
    );
    return 'sent';
  });
}

/** One round of the worker: match every queued arrival, tell every due alert, send the pushes. */
export async function runAlertRound(deps: AlertWorkerDeps): Promise<RoundReport> {
  const report: RoundReport = { arrivals: 0, notifications: 0, messages: 0, pushes: 0 };
  for (;;) {
    const batch = await matchBatch(deps);
    report.arrivals += batch.arrivals;
    report.notifications += batch.notifications;
    if (batch.arrivals === 0) break;
  }
  for (;;) {
    const outcome = await sendOne(deps);
    if (outcome === 'none') break;
    if (outcome === 'sent') report.messages += 1;
  }
  report.pushes = await deliverPushes(deps.db, deps.push, deps.now, deps.log);
  return report;
}
