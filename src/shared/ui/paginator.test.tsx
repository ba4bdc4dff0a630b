import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Paginator } from './paginator';

const pages = (html: string) => [...html.matchAll(/aria-label="Page (\d+)"/g)].map((match) => Number(match[1]));

describe('Paginator', () => {
  it('shows the first and last pages, 3 either side of the current one, and gaps between', () => {
    const html = renderToStaticMarkup(<Paginator page={10} pageCount={20} onPageChange={() => {}} />);
    expect(pages(html)).toEqual([1, 7, 8, 9, 10, 11, 12, 13, 20]);
    expect(html.match(/…/g)).toHaveLength(2);
    expect(html).toContain('aria-current="page" aria-label="Page 10"');
  });

  it('disables previous on the first page and next on the last', () => {
    const first = renderToStaticMarkup(<Paginator page={1} pageCount={3} onPageChange={() => {}} />);
    expect(first).toMatch(/<button type="button" class="[^"]*" disabled="">.*Previous/);
    const last = renderToStaticMarkup(<Paginator page={3} pageCount={3} onPageChange={() => {}} />);
    expect(last).toMatch(/disabled="">Next/);
  });

  it('renders nothing for a single page', () => {
    expect(renderToStaticMarkup(<Paginator page={1} pageCount={1} onPageChange={() => {}} />)).toBe('');
  });
});
