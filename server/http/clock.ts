/**
 * The shop's clock. Every rule that depends on the time of day (order holds, discount validity,
 * the instant a page is drawn for) asks the app's clock instead of `new Date()`, so tests can set it.
 */
import type { FastifyInstance } from 'fastify';

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's clock (buildApp's `clock` option; the system clock by default). */
    clock: Clock;
  }
}

export function decorateClock(app: FastifyInstance, clock: Clock): void {
  app.decorate('clock', clock);
}
