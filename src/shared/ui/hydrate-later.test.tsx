import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrateLater } from './hydrate-later';

describe('HydrateLater', () => {
  it('renders its children at once on the server, where nothing waits for the browser', () => {
    expect(renderToStaticMarkup(<HydrateLater><footer>Contact us</footer></HydrateLater>)).toBe('<footer>Contact us</footer>');
  });

  it('adds nothing to the page but the Suspense boundary that lets React hydrate it on its own', () => {
    expect(renderToString(<HydrateLater><footer>Contact us</footer></HydrateLater>)).toBe('<!--$--><footer>Contact us</footer><!--/$-->');
  });

  it('never looks for its part in the page on the server (the browser finds it once the part is left for later)', () => {
    const find = () => {
      throw new Error('find ran during the server render');
    };
    expect(renderToString(<HydrateLater find={find}><section>Reviews</section></HydrateLater>)).toBe('<!--$--><section>Reviews</section><!--/$-->');
  });
});
