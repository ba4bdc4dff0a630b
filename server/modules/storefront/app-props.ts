import type { FastifyRequest } from 'fastify';
import type { AppProps } from '../../../src/contract/app-props';
import { CONSENT_COOKIE, parseConsentCookie } from '../../../src/domain/consent';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { memberAppProps } from '../members/index';
import type { Session } from '../../plugins/session';

/**
 * The app props of SPEC §3 for this visitor: the configuration's currency and flags, and the
 * member signed in on the session (id and first name, so the header greets them by name), and the
 * instant the page is drawn for. With analytics configured (issue 32), its measurement id and the
 * visitor's cookie choice, so a page drawn here asks for consent only when nothing was chosen.
 */
export async function appPropsFor(config: Config, db: Database, session: Session | null, now: Date, request: FastifyRequest): Promise<AppProps> {
  const { ga4MeasurementId } = config.analytics;
  const consent = ga4MeasurementId ? parseConsentCookie(request.cookies[CONSENT_COOKIE]) : null;
  return {
    isProduction: config.isProduction,
    ...(await memberAppProps(db, session)),
    defaultCurrency: config.defaultCurrency,
    flags: config.flags,
    serverTime: now.toISOString(),
    ...(ga4MeasurementId ? { ga4MeasurementId } : {}),
    ...(consent ? { consent } : {}),
  };
}
