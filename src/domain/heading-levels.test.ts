import { describe, expect, it } from 'vitest';
import { headingsFrom } from './heading-levels';

describe('headingsFrom', () => {
  it('moves sections written as h3 up to h2, keeping the levels beneath them in step', () => {
    expect(headingsFrom('<p>a</p>\n<h3>Where</h3><p>b</p><h4 id="x">Detail</h4><h3>How</h3>', 2)).toBe('<p>a</p>\n<h2>Where</h2><p>b</p><h3 id="x">Detail</h3><h2>How</h2>');
  });

  it('moves an h1 in the body down beneath the page’s own h1', () => {
    expect(headingsFrom('<h1>Title</h1><h2>Part</h2>', 2)).toBe('<h2>Title</h2><h3>Part</h3>');
  });

  it('leaves HTML that already starts at the level, or has no heading, as it is', () => {
    expect(headingsFrom('<h2>One</h2><h3>Two</h3>', 2)).toBe('<h2>One</h2><h3>Two</h3>');
    expect(headingsFrom('<p>hello <strong>h3</strong></p><hr>', 2)).toBe('<p>hello <strong>h3</strong></p><hr>');
  });

  it('touches only heading tags, not words or other tags that begin with h', () => {
    expect(headingsFrom('<h4>A</h4><hr><header>h4</header>', 2)).toBe('<h2>A</h2><hr><header>h4</header>');
  });

  it('stops at h6', () => {
    expect(headingsFrom('<h2>A</h2><h6>B</h6>', 3)).toBe('<h3>A</h3><h6>B</h6>');
  });
});
