/**
 * The shop's Markdown (article bodies and summaries, job adverts) as HTML a page may insert:
 * rendered by `marked`, then cleaned by `sanitize-html` to an allow-list of tags and attributes,
 * so no script, no style, no on* handler and no javascript: (or data:) URL survives, whatever
 * the Markdown holds (Markdown passes raw HTML through, and the text may one day come from staff).
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'blockquote', 'a', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img'],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // What is dropped is dropped with its content (a script's text is not left behind as prose).
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links to other sites open as plain links without passing on the shop's page.
    a: (tagName, attribs) => ({ tagName, attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

/** Markdown to sanitised HTML. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.parse(source, { async: false }), SANITISE).trim();
}

/** Markdown to plain text (the job card's description), at most `max` characters, cut at a word. */
export function markdownToText(source: string, max: number): string {
  const text = sanitizeHtml(markdown.parse(source, { async: false }), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
