/**
 * The shop's background work, every loop of it: a job's rounds in one API process, one round at a
 * time (a caller while one is under way waits for it, then runs its own), one every `intervalMs`
 * unless a round is still going, and app.close() waits for the round under way. A round still
 * running at its time limit is logged as an error, counted, and told to stop through its signal
 * (it keeps its turn until it has: two rounds of one job never overlap). Each round's outcome,
 * time and overtime are counted in /metrics (server/plugins/metrics.ts) by its name, and
 * roundsOf(app) lists the app's rounds (tested in periodic-rounds.test.ts). Nothing else in
 * server/ keeps a timer of its own (scripts/periodic-rounds.test.ts), but the database's replica
 * check (db/replicas.ts, made before the app) and the catalogue's stock-version watch
 * (catalogue/answer-cache.ts, a cache's freshness, not work).
 */
import type { FastifyInstance } from 'fastify';

export interface PeriodicRounds<Report> {
  /** Runs a round now (after the one under way); a failed round rejects here, to its caller only. */
  runRound(): Promise<Report>;
  /** No more rounds; resolves once the round under way has ended. app.close() does this. */
  stop(): Promise<void>;
}

export interface RoundOptions<Report> {
  /** The round's name in the log and in /metrics. */
  name: string;
  intervalMs: number;
  /** How long a round may take before it is reported and its signal aborted. */
  timeLimitMs: number;
  /** The round's work; it stops early, where it can, once `signal` is aborted. */
  round: (signal: AbortSignal) => Promise<Report>;
  /** Whether a timed round's report is logged (info); a failed round is always logged (error). */
  worthLogging?: (report: Report) => boolean;
}

/** The rounds of each app (keyed by its HTTP server, which every encapsulated context shares). */
const roundsByApp = new WeakMap<object, { name: string; intervalMs: number; timeLimitMs: number }[]>();

/** The app's rounds, in the order they were set up. */
export function roundsOf(app: FastifyInstance): readonly { name: string; intervalMs: number; timeLimitMs: number }[] {
  return roundsByApp.get(app.server) ?? [];
}

export function periodicRounds<Report>(app: FastifyInstance, { round, intervalMs, timeLimitMs, name, worthLogging = () => false }: RoundOptions<Report>): PeriodicRounds<Report> {
  const listed = roundsByApp.get(app.server) ?? [];
  listed.push({ name, intervalMs, timeLimitMs });
  roundsByApp.set(app.server, listed);

  // The round under way, settled either way: nobody awaits it, and an unhandled rejection would end the process.
  let running: Promise<void> | null = null;
  const runRound = (): Promise<Report> => {
    const next = (running ?? Promise.resolve()).then(async () => {
      const started = performance.now();
      const finished = (ok: boolean) => app.hasDecorator('metrics') && app.metrics.roundFinished(name, ok, (performance.now() - started) / 1000);
      const stopping = new AbortController();
      const overtime = setTimeout(() => {
        app.log.error({ round: name, timeLimitMs }, `${name} is still running at its time limit`);
        if (app.hasDecorator('metrics')) app.metrics.roundOvertime(name);
        stopping.abort(new Error(`${name} ran past its time limit of ${timeLimitMs} ms`));
      }, timeLimitMs);
      overtime.unref();
      try {
        const report = await round(stopping.signal);
        finished(true);
        return report;
      } catch (error) {
        finished(false);
        throw error;
      } finally {
        clearTimeout(overtime);
      }
    });
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
        if (worthLogging(report)) app.log.info(typeof report === 'object' && report !== null ? { ...report } : { report }, name);
      },
      (error: unknown) => app.log.error({ err: error }, `${name} failed`),
    );
  }, intervalMs).unref();
  const stop = async () => {
    clearInterval(timer);
    await running;
  };
  app.addHook('onClose', stop);
  return { runRound, stop };
}
