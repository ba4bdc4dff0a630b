/**
 * The job applications' retention round (issue 32, UK GDPR's storage limitation): every
 * application received more than JOB_APPLICATION_RETENTION_MONTHS before the app's clock is
 * deleted with its CV, reviewed or not. A round every hour in each API process (one DELETE: two
 * processes' rounds side by side delete each row once); `app.jobApplicationRetention.runRound()`
 * runs one now, as the tests do on an injected clock.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { periodicRounds } from '../../plugins/periodic-rounds';
import { createJobApplicationRepository } from './application-repository';

export interface RetentionReport {
  deleted: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobApplicationRetention: { runRound(): Promise<RetentionReport> };
  }
}

/**
 * The instant `months` calendar months before `now` (UTC); a day the earlier month lacks becomes
 * its last day, so 31 August less six months is the end of February, not early March.
 */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(now);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
}

export const applicationRetention = fp<{ db: Database; config: Config }>(
  async (app: FastifyInstance, { db, config }) => {
    const repository = createJobApplicationRepository(db);
    const rounds = periodicRounds(app, {
      round: async () => ({ deleted: await repository.deleteReceivedBefore(monthsBefore(app.clock(), config.jobApplications.retentionMonths)) }),
      intervalMs: config.jobApplications.intervalMs,
      timeLimitMs: 2 * 60_000,
      name: 'job applications past retention deleted',
      worthLogging: (report) => report.deleted > 0,
    });
    app.decorate('jobApplicationRetention', rounds);
  },
  { name: 'job-application-retention' },
);
