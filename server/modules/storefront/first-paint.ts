/**
 * The server's first paint of a storefront page: loads the render bundle built from the client's
 * own routes (src/entry-server.tsx → dist/server/entry-server.js) and renders the requested URL
 * with it. Its API calls are answered in-process by app.inject, under the visitor's cookies.
 *
 * It is an enhancement, never a dependency: without a bundle (a client-only build), after an
 * error, or when rendering takes longer than FIRST_PAINT_TIMEOUT_MS, the page goes out as the
 * plain app shell and the browser renders it as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { FIRST_PAINT_ENTRY, type FirstPaint, type FirstPaintInput, type FirstPaintModule, type InProcessFetch } from '../../../src/contract/first-paint';
import { IN_PROCESS_HEADER, IN_PROCESS_TOKEN } from '../../http/in-process';

/** Longer than this and the visitor is better served by the shell and the browser's own render. */
const FIRST_PAINT_TIMEOUT_MS = 1_500;

interface Visit {
  cookie: string | undefined;
}

const BODILESS_STATUSES = new Set([101, 204, 205, 304]);

function headersOf(init: RequestInit): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/** fetch for the render bundle: the same request, answered by this app without a socket. */
function inProcessFetch(app: FastifyInstance, visits: AsyncLocalStorage<Visit>): InProcessFetch {
  return async (url, init) => {
    const visit = visits.getStore();
    const headers = { ...headersOf(init), [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN, ...(visit?.cookie ? { cookie: visit.cookie } : {}) };
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const body = BODILESS_STATUSES.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, headers: responseHeaders });
  };
}

/**
 * The screen the first paint is drawn for: a phone when the browser says it is mobile (the
 * Sec-CH-UA-Mobile hint, else the usual User-Agent words), a desktop otherwise. A wrong guess
 * costs one redraw after hydration, nothing more.
 */
export function guessViewport(headers: { 'user-agent'?: string | undefined; 'sec-ch-ua-mobile'?: string | string[] | undefined }): FirstPaintInput['viewport'] {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'desktop';
  return /Mobi|Android|iPhone|iPad|iPod/i.test(headers['user-agent'] ?? '') ? 'phone' : 'desktop';
}

export interface FirstPaintRenderer {
  /** The rendered page, or null to serve the shell. */
  render(input: FirstPaintInput, cookie: string | undefined): Promise<FirstPaint | null>;
}

export function createFirstPaintRenderer(app: FastifyInstance, dir: string, log: FastifyBaseLogger): FirstPaintRenderer {
  const file = path.join(dir, FIRST_PAINT_ENTRY);
  const visits = new AsyncLocalStorage<Visit>();
  const fetch = inProcessFetch(app, visits);
  let loaded: { mtimeMs: number; module: FirstPaintModule } | null = null;
  let staleWarned = false;

  /**
   * The bundle, imported once. Its chunks import the entry by its plain path, so it cannot be
   * imported again under another URL: a second copy would not share the transport and the
   * viewport guess with them. After a rebuild this process keeps serving the shell (the old
   * bundle's markup would not match the new client) until it is restarted.
   */
  async function bundle(): Promise<FirstPaintModule | null> {
    const stats = await stat(file).catch(() => null);
    if (!stats) return null;
    if (!loaded) {
      const module = (await import(pathToFileURL(file).href)) as FirstPaintModule;
      module.installTransport(fetch);
      loaded = { mtimeMs: stats.mtimeMs, module };
    }
    if (loaded.mtimeMs !== stats.mtimeMs) {
      if (!staleWarned) log.warn('the first-paint bundle was rebuilt: pages go out as the app shell until the server restarts');
      staleWarned = true;
      return null;
    }
    return loaded.module;
  }

  return {
    async render(input, cookie) {
      const { url } = input;
      try {
        const module = await bundle();
        if (!module) return null;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), FIRST_PAINT_TIMEOUT_MS);
        });
        const rendered = visits.run({ cookie }, () => module.renderFirstPaint(input));
        const result = await Promise.race([rendered, timeout]).finally(() => clearTimeout(timer));
        if (!result) log.warn({ url }, `first paint took over ${FIRST_PAINT_TIMEOUT_MS} ms; served the app shell`);
        return result;
      } catch (error) {
        log.error({ err: error, url }, 'first paint failed; served the app shell');
        return null;
      }
    },
  };
}
