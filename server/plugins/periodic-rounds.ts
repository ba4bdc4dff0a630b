/**
 * A background job's rounds in one API process: one round at a time (a caller while one is under
 * way waits for it, then runs its own), one every `intervalMs` unless a round is still going, and
 * app.close() waits for the round under way. The stock alerts and the refunds' reconciler run so.
 */
import type { FastifyInstance } from 'fastify';

export interface PeriodicRounds<Report> {
  /** Runs a round now (after the one under way); a failed round rejects here, to its caller only. */
  runRound(): Promise<Report>;
}

export function periodicRounds<Report extends object>(
  app: FastifyInstance,
  { round, intervalMs, name, worthLogging }: { round: () => Promise<Report>; intervalMs: number; name: string; worthLogging: (report: Report) => boolean },
): PeriodicRounds<Report> {
  // The round under way, settled either way: nobody awaits it, and an unhandled rejection would end the process.
  let running: Promise<void> | null = null;
  const runRound = (): Promise<Report> => {
    const next = (running ?? Promise.resolve()).then(round);
    const settled: Promise<void> = next.then(
      () => {
        if (running === settled) running = null;
      },
      () => {
        if (running === settled) running = null;
      },
    );
    running = settled;
    return next;
  };
  const timer = setInterval(() => {
    if (running) return;
    runRound().then(
      (report) => {
        if (worthLogging(report)) app.log.info({ ...report } as Record<string, unknown>, name);
      },
      (error: unknown) => app.log.error({ err: error }, `${name} failed`),
    );
  }, intervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  return { runRound };
}
