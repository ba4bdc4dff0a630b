/** Text rules of SPEC §9: trimmed HTML summaries and short salaries. */

/** SPEC §9: the default length of a trimmed HTML summary. */
export const TRIM_HTML_LIMIT = 100;

const ELLIPSIS = '…';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  pound: '£',
  euro: '€',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  times: '×',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * SPEC §9 trimmed HTML, first step: the plain text of an HTML fragment without a DOM: script and style content and comments
 * dropped, tags removed (each leaves a space so 'a</p><p>b' does not read 'ab'), the common
 * entities decoded, whitespace collapsed. A '<' that does not open a tag ('2 < 3') is kept.
 */
export function htmlToText(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<\/?[a-z][^>]*(?:>|$)/gi, ' ');
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/**
 * SPEC §9 trimmed HTML: the plain text of `html` ({@link htmlToText}), at most `limit` characters
 * (default 100) including the ellipsis that marks a cut. The cut falls at the last word boundary
 * when one exists in the second half of the allowance, else mid-word; trailing punctuation before
 * the ellipsis is dropped. Characters are code points, so an emoji is never split.
 */
export function trimHtml(html: string, limit: number = TRIM_HTML_LIMIT): string {
  const text = [...htmlToText(html)];
  if (text.length <= limit) return text.join('');
  if (limit < 1) return '';
  const room = limit - 1;
  let cut = room;
  if (text[room] !== ' ') {
    const lastSpace = text.slice(0, room).lastIndexOf(' ');
    if (lastSpace >= room / 2) cut = lastSpace;
  }
  const kept = text.slice(0, cut).join('').replace(/[\s,;:.\-–—]+$/u, '');
  return `${kept}${ELLIPSIS}`;
}

// Made on first use: an Intl object costs a phone milliseconds at start-up.
let compactSalary: Intl.NumberFormat | undefined;

/**
 * SPEC §9 'Salary values shortened to 3 characters', read as at most three significant digits
 * with a thousands suffix, as job adverts write salaries: 25000 → '25k', 25500 → '25.5k',
 * 125000 → '125k', 1250000 → '1.25m'; below 1,000 the value is kept (12.5 → '12.5'). Accepts the
 * API's numeric strings ('25000.00', '£25,000'); anything without a number gives ''. No currency
 * symbol: the job card adds it.
 */
export function shortSalary(value: number | string | null | undefined): string {
  const digits = typeof value === 'string' ? value.replace(/[^0-9.-]/g, '') : '';
  const amount = typeof value === 'number' ? value : /[0-9]/.test(digits) ? Number(digits) : NaN;
  if (!Number.isFinite(amount)) return '';
  compactSalary ??= new Intl.NumberFormat('en-GB', { notation: 'compact', compactDisplay: 'short', maximumSignificantDigits: 3 });
  return compactSalary.format(amount).toLowerCase();
}
