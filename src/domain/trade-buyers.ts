/**
 * Rules of issue 17 (trade buyers come back): saved searches, the garage, new-stock alerts. Pure:
 * the server stores and matches, the screens show; both read these.
 */
import { formatMoney } from './money';

/**
 * What a saved search, a garage vehicle or an alert is about, in catalogue terms (ids, resolved
 * once when it is saved: a registration is looked up then, never while stock is matched). A
 * vehicle with models matches through the fitments; with none (only the make is known) through the
 * donor car's make, year and type; a part number by the start of the normalised number.
 */
export type StockCriteria =
  | { kind: 'vehicle'; makeId: number; modelIds: number[]; year: number | null; engineCode: string | null; partTypeId: number | null }
  | { kind: 'part-number'; key: string };

/** Gross price bounds in pence from the listing filters a saved search keeps (null: none). */
export interface PriceBounds {
  from: number | null;
  to: number | null;
}

/** SPEC-free, issue 17: at most one alert message per alert per hour. */
export const ALERT_MESSAGE_GAP_MS = 60 * 60 * 1000;

/**
 * The period a message belongs to: the hour (UTC) it was sent in. With messages at least an hour
 * apart no two share a period, so a unique (alert, period) is the database's last word against a
 * second process sending the same alert twice.
 */
export function alertPeriod(at: Date): Date {
  const period = new Date(at.getTime());
  period.setUTCMinutes(0, 0, 0);
  return period;
}

/** Whether an alert may send now: never sent, or its last message at least an hour ago. */
export function alertIsDue(lastMessageAt: Date | null, now: Date): boolean {
  return lastMessageAt === null || now.getTime() - lastMessageAt.getTime() >= ALERT_MESSAGE_GAP_MS;
}

/** A vehicle as the garage and the alerts name it: '2012 Ford Focus Mk3', with its plate when known. */
export function vehicleLabel(vehicle: { vrn?: string | null; make: string; model?: string | null; year?: number | null }): string {
  const name = [vehicle.year ?? null, vehicle.make, vehicle.model ?? null].filter((part) => part !== null && part !== '').join(' ');
  return vehicle.vrn ? `${vehicle.vrn} · ${name}` : name;
}

/** A saved search's default name, from what it searches for. */
export function savedSearchName(params: { vrn?: string | undefined; oem?: string | undefined; make?: string | undefined; model?: string | undefined; year?: number | undefined }, partTypeName: string | null): string {
  const what = params.vrn ? params.vrn : params.oem ? `Part number ${params.oem}` : [params.year, params.make, params.model].filter(Boolean).join(' ');
  return partTypeName ? `${what} – ${partTypeName}` : what;
}

export interface AlertMailPart {
  name: string;
  /** Gross pence. */
  price: number;
  url: string;
}

/** The alert mail (our wording): the parts that arrived, grouped, and the link that stops the alert. */
export function alertMail(input: { firstName: string; label: string; parts: readonly AlertMailPart[]; unsubscribeUrl: string; alertsUrl: string }): { subject: string; text: string } {
  const count = input.parts.length;
  const subject = count === 1 ? `New part for ${input.label}: ${input.parts[0]?.name ?? ''}` : `${count} new parts for ${input.label}`;
  const lines = input.parts.map((part) => `  ${part.name} – ${formatMoney(part.price)}\n  ${part.url}`);
  const text =
    `Hello ${input.firstName},\n\n` +
    `${count === 1 ? 'A part has' : `${count} parts have`} just arrived that match your alert "${input.label}":\n\n` +
    `${lines.join('\n\n')}\n\n` +
    'Used parts sell quickly, so if you want one, do not wait too long.\n\n' +
    `Your alerts: ${input.alertsUrl}\n` +
    `Stop this alert (no sign-in needed): ${input.unsubscribeUrl}\n\n` +
    'Kind regards,\nPartsFinder UK';
  return { subject, text };
}

/** The push notification of an alert message: one part opens its page, several the first one's. */
export function alertPush(input: { label: string; parts: readonly AlertMailPart[] }): { title: string; body: string; url: string } {
  const first = input.parts[0];
  const count = input.parts.length;
  return {
    title: count === 1 ? `New part for ${input.label}` : `${count} new parts for ${input.label}`,
    body: count === 1 ? `${first?.name ?? ''} – ${formatMoney(first?.price ?? 0)}` : input.parts.map((part) => part.name).slice(0, 3).join(', ') + (count > 3 ? '…' : ''),
    url: first?.url ?? '/',
  };
}
