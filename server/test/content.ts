/**
 * API test helpers for the jobs section, the blog and the static pages: the real app on this
 * worker's freshly reset database, seeded with the shop's content as of a clock the test moves.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { seedContent } from '../seed/content';
import { startVisit, testApp } from './app';
import { testDatabase } from './database';
import { testClock, type TestClock } from './payments';

export async function contentApp(options: { clock?: TestClock; env?: Record<string, string> } = {}): Promise<{ app: FastifyInstance; clock: TestClock }> {
  const clock = options.clock ?? testClock();
  const app = await testApp({ clock, ...(options.env ? { env: options.env } : {}) });
  const { db } = await testDatabase();
  await seedContent(db, clock());
  return { app, clock };
}

export async function getJson(app: FastifyInstance, path: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/web-api${path}` });
}

/** The §7 failure envelope with this status; answers its body. */
export function expectFailure(response: LightMyRequestResponse, status: number): { success: false; msg: string; errors?: Record<string, string[]> } {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { success: false; msg: string; errors?: Record<string, string[]> };
  expect(body.success).toBe(false);
  expect(typeof body.msg).toBe('string');
  return body;
}

export interface CvFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** POST /jobs/apply/{id}.json as the job page's form sends it (multipart), from a new visit. */
export async function applyForJob(app: FastifyInstance, jobId: number, fields: Record<string, string>, files: readonly CvFile[], options: { csrf?: boolean } = {}): Promise<LightMyRequestResponse> {
  const visit = await startVisit(app);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('cv', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/web-api/jobs/apply/${jobId}.json`,
    headers: { cookie: visit.cookie, ...(options.csrf === false ? {} : { 'x-csrf-token': visit.csrfToken }), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}
