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

/** en-GB's compact suffixes (Intl's notation 'compact', display 'short'), by power of a thousand. */
const COMPACT_SUFFIXES = ['', 'k', 'm', 'bn', 'tn'] as const;

/**
 * SPEC §9 'Salary values shortened to 3 characters', read as at most three significant digits
 * with a thousands suffix, as job adverts write salaries: 25000 → '25k', 25500 → '25.5k',
 * 125000 → '125k', 1250000 → '1.25m'; below 1,000 the value is kept (12.5 → '12.5'). Accepts the
 * API's numeric strings ('25000.00', '£25,000'); anything without a number gives ''. No currency
 * symbol: the job card adds it.
 *
 * Written out rather than asked of Intl.NumberFormat's compact notation: making that formatter
 * took 59–65 ms of one task on the job page at a 4× slowed CPU (scripts/main-thread.ts). The tests
 * hold it to Intl's output.
 */
export function shortSalary(value: number | string | null | undefined): string {
  const digits = typeof value === 'string' ? value.replace(/[^0-9.-]/g, '') : '';
  const amount = typeof value === 'number' ? value : /[0-9]/.test(digits) ? Number(digits) : NaN;
  if (!Number.isFinite(amount)) return '';
  // Rounded to three significant digits first (toPrecision rounds the exact value half away from
  // zero, as Intl does), so 999,500 becomes 1,000,000 and takes the next suffix, '1m'.
  const rounded = Number(Math.abs(amount).toPrecision(3));
  let power = 0;
  while (power < COMPACT_SUFFIXES.length - 1 && rounded >= 1000 ** (power + 1)) power += 1;
  return `${amount < 0 ? '-' : ''}${String(rounded / 1000 ** power)}${COMPACT_SUFFIXES[power]}`;
}

/**
 * A number as en-GB writes it (toLocaleString('en-GB')): thousands grouped with commas, at most
 * three decimals (1234.5678 → '1,234.568'). Written out for the same reason as shortSalary: the
 * listing's product count, the first number formatted there, cost 42–109 ms of a task at a 4×
 * slowed CPU. For the sizes a shop shows (below 10^21, where toFixed stops writing digits).
 */
export function formatNumber(value: number): string {
  const [integer = '', fraction = ''] = Math.abs(value).toFixed(3).split('.');
  const decimals = fraction.replace(/0+$/, '');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${integer.replace(/\B(?=(\d{3})+$)/g, ',')}${decimals ? `.${decimals}` : ''}`;
}
