/**
 * What the customer reads when staff move their order, return or part request on: one mail per
 * change, in the shop's voice, written in the change's transaction (the outbox), so it goes out
 * exactly when the change was stored. The order's pushes go to the member's devices where they
 * allowed pushes (a device subscribed), tagged per order so a newer one replaces an older one.
 */
import { formatMoney } from '../../../../src/domain/money';
import type { ReturnStatus } from '../../../../src/domain/orders';
import type { Database } from '../../../db/client';
import { createOutboxMailer } from '../../../integrations/mail';
import { queuePush } from '../../push/index';

const SIGNATURE = '\n\nPartsFinder UK';

export interface OrderMailContext {
  to: string;
  name: string;
  number: string;
  memberId: number;
  /** The account's orders page, where the new status shows. */
  ordersUrl: string;
}

export type OrderNews =
  | { kind: 'picked' }
  | { kind: 'dispatched'; carrier: string; trackingNumber: string }
  | { kind: 'delivered' }
  | { kind: 'cancelled' }
  | { kind: 'refunded'; amount: number; full: boolean };

function orderText(news: OrderNews, context: OrderMailContext): { subject: string; text: string; push: string } {
  const { number } = context;
  switch (news.kind) {
    case 'picked':
      return {
        subject: `Your order ${number} is being packed`,
        text: `We have taken the parts of order ${number} off the shelf and are packing them now. We will email you again as soon as they leave us, with the tracking number.`,
        push: 'Your parts are being packed.',
      };
    case 'dispatched':
      return {
        subject: `Your order ${number} is on its way`,
        text: `Order ${number} left us today with ${news.carrier}.\n\nTracking number: ${news.trackingNumber}\n\nYou can follow it on ${news.carrier}'s website with that number; it shows in your account too.`,
        push: `On its way with ${news.carrier}: ${news.trackingNumber}.`,
      };
    case 'delivered':
      return {
        subject: `Your order ${number} has been delivered`,
        text: `The carrier tells us order ${number} has been delivered. We hope the parts are just what you needed. If anything is not right, you can ask for a return from your account.`,
        push: 'Delivered. Enjoy your parts.',
      };
    case 'cancelled':
      return {
        subject: `Your order ${number} has been cancelled`,
        text: `We have cancelled order ${number}, which had not been paid, and put its parts back on sale. Nothing has been taken from you. If you still need the parts, you are welcome to order them again.`,
        push: 'Your unpaid order has been cancelled.',
      };
    case 'refunded':
      return {
        subject: `Refund for your order ${number}`,
        text: `We have refunded ${formatMoney(news.amount)} for order ${number}${news.full ? ': the whole order' : ''}. It goes back the way you paid and usually shows within 5 to 10 working days.`,
        push: `${formatMoney(news.amount)} refunded.`,
      };
  }
}

/** The mail and the push of one change of an order. */
export async function tellAboutOrder(tx: Database, news: OrderNews, context: OrderMailContext, at: Date): Promise<void> {
  const { subject, text, push } = orderText(news, context);
  await createOutboxMailer(tx).send({ to: context.to, subject, text: `Hello ${context.name},\n\n${text}\n\nYour orders: ${context.ordersUrl}${SIGNATURE}` });
  await queuePush(tx, context.memberId, { title: `Order ${context.number}`, body: push, url: '/panel/client/orders', tag: `order-${context.number}` }, at);
}

export interface ReturnMailContext {
  to: string;
  name: string;
  partName: string;
  orderNumber: string;
  ordersUrl: string;
}

export type ReturnNews =
  | { status: Extract<ReturnStatus, 'APROVED'>; instructions: string; labelOrAddress: string }
  | { status: Extract<ReturnStatus, 'IN_TRANSIT' | 'DELIVERED'> }
  | { status: Extract<ReturnStatus, 'REFUNDED'>; amount: number }
  | { status: Extract<ReturnStatus, 'REJECTED'>; reason: string };

function returnText(news: ReturnNews, part: string): { subject: string; text: string } {
  switch (news.status) {
    case 'APROVED':
      return {
        subject: `Your return of ${part} is approved`,
        text: `Good news: we have approved your return of ${part}. Please send it back to us as follows.\n\n${news.instructions}\n\nLabel or address:\n${news.labelOrAddress}`,
      };
    case 'IN_TRANSIT':
      return { subject: `Your return of ${part} is on its way to us`, text: `Thank you: your return of ${part} is on its way to us. We will let you know when it arrives.` };
    case 'DELIVERED':
      return { subject: `We have received your return of ${part}`, text: `Your return of ${part} has arrived. We will inspect it and come back to you shortly.` };
    case 'REFUNDED':
      return {
        subject: `Your return of ${part} is refunded`,
        text: `We have checked your return of ${part} and refunded ${formatMoney(news.amount)}. It goes back the way you paid and usually shows within 5 to 10 working days.`,
      };
    case 'REJECTED':
      return { subject: `Your return of ${part}`, text: `We are sorry: we cannot accept your return of ${part}.\n\n${news.reason}\n\nIf you have any questions, just reply to this email.` };
  }
}

/** The mail of one step of a return. */
export async function tellAboutReturn(tx: Database, news: ReturnNews, context: ReturnMailContext): Promise<void> {
  const { subject, text } = returnText(news, context.partName);
  await createOutboxMailer(tx).send({
    to: context.to,
    subject,
    text: `Hello ${context.name},\n\n${text}\n\nOrder ${context.orderNumber}: ${context.ordersUrl}${SIGNATURE}`,
  });
}

export type RequestNews = { status: 'searching' } | { status: 'found'; partUrl: string; price: number } | { status: 'not_found' };

/** The mail of one answer to a part request. */
export async function tellAboutRequest(tx: Database, news: RequestNews, context: { to: string; name: string; partName: string; carReg: string; accountUrl: string | null }): Promise<void> {
  const what = `${context.partName} for ${context.carReg}`;
  const { subject, text } =
    news.status === 'searching'
      ? { subject: `We are looking for your ${context.partName}`, text: `We are searching our yards and partners for ${what}. We will email you as soon as we know.` }
      : news.status === 'found'
        ? { subject: `We found your ${context.partName}`, text: `Good news: we found ${what}, at ${formatMoney(news.price)}.\n\nBuy it here: ${news.partUrl}` }
        : { subject: `Your request for ${context.partName}`, text: `We are sorry: we could not find ${what} this time. Used parts come in every day, so do ask again.` };
  const account = context.accountUrl ? `\n\nYour part requests: ${context.accountUrl}` : '';
  await createOutboxMailer(tx).send({ to: context.to, subject, text: `Hello ${context.name},\n\n${text}${account}${SIGNATURE}` });
}
