/**
 * The built client's index.html with the per-visitor head (CSRF meta tag and app props) put in
 * place of its <!--app-head--> marker, so the first render needs no API call.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { APP_PROPS_ELEMENT_ID, CSRF_META_NAME, type AppProps } from '../../../src/contract/app-props';
import { APP_HTML_MARKER, QUERY_STATE_ELEMENT_ID, VIEWPORT_ATTRIBUTE, type FirstPaint, type FirstPaintInput } from '../../../src/contract/first-paint';

const HEAD_MARKER = '<!--app-head-->';

interface Template {
  mtimeMs: number;
  before: string;
  /** From the head marker to the app marker inside #root (the whole rest without one). */
  middle: string;
  after: string;
}

/** JSON that cannot end the <script> element or start a comment inside it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The first paint's query cache, for the browser to hydrate from (src/main.tsx). */
export function renderQueryState(firstPaint: FirstPaint, viewport: FirstPaintInput['viewport']): string {
  return `<script id="${QUERY_STATE_ELEMENT_ID}" type="application/json" ${VIEWPORT_ATTRIBUTE}="${viewport}">${jsonForScript(firstPaint.queryState)}</script>`;
}

export function renderHead(props: AppProps, csrfToken: string): string {
  return (
    `<meta name="${CSRF_META_NAME}" content="${escapeAttribute(csrfToken)}">` +
    `<script id="${APP_PROPS_ELEMENT_ID}" type="application/json">${jsonForScript(props)}</script>`
  );
}

function splitHead(html: string): { before: string; rest: string } {
  const marker = html.indexOf(HEAD_MARKER);
  if (marker >= 0) return { before: html.slice(0, marker), rest: html.slice(marker + HEAD_MARKER.length) };
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) throw new Error(`index.html has neither ${HEAD_MARKER} nor </head>`);
  return { before: html.slice(0, headEnd), rest: html.slice(headEnd) };
}

function split(html: string): { before: string; middle: string; after: string } {
  const { before, rest } = splitHead(html);
  const marker = rest.indexOf(APP_HTML_MARKER);
  if (marker < 0) return { before, middle: rest, after: '' };
  return { before, middle: rest.slice(0, marker), after: rest.slice(marker + APP_HTML_MARKER.length) };
}

export interface Page {
  /**
   * The page with `head` in place of the head marker and, when given, the first paint's markup
   * inside #root (in place of the app marker).
   */
  withHead(head: string, appHtml?: string): string;
}

/**
 * Reads index.html when first needed and again only when a new build replaced it (one stat per
 * page), so a rebuild is served without a restart.
 */
export function createIndexHtml(clientDir: string) {
  const file = path.join(clientDir, 'index.html');
  let template: Template | null = null;

  return {
    /** The current page, or null while there is no client build. */
    async load(): Promise<Page | null> {
      const stats = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!stats) return null;
      if (template?.mtimeMs !== stats.mtimeMs) template = { mtimeMs: stats.mtimeMs, ...split(await readFile(file, 'utf8')) };
      const { before, middle, after } = template;
      return { withHead: (head, appHtml = '') => before + head + middle + appHtml + after };
    },
  };
}
