import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getCategoryList, partSearch } from '../../contract/catalogue';
import type { CallDefinition } from '../../contract/define';
import type { ApiTransport } from '../../contract/render';
import { callApi } from '../api/client';
import { callUrl } from './kept-answer';
import { OfflineNotice } from './offline-notice';
import { viewedImageUrls, type ViewedPartData } from './viewed-store';

/** The address the API client really asks for a call (its transport sees base, path and query). */
async function askedUrl(call: CallDefinition, options: object): Promise<string> {
  let asked = '';
  const transport: ApiTransport = async ({ base, path, params, search }) => {
    asked = `${base}${path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])))}${search}`;
    return { status: 500, json: undefined };
  };
  await (callApi as (transport: ApiTransport, call: CallDefinition, options: object) => Promise<unknown>)(transport, call, options).catch(() => undefined);
  return asked;
}

describe('issue 16: the worker keeps answers under the address the client asks for', () => {
  it('a search: set values only, in the order given', async () => {
    const options = { query: { vrn: 'AB12CDE', partType: 181 } };
    expect(callUrl(partSearch, options)).toBe('/web-api/products/part-search.json?vrn=AB12CDE&partType=181');
    expect(callUrl(partSearch, options)).toBe(await askedUrl(partSearch, options));
  });

  it('a listing page: path parameters filled in, lists comma-joined, empty values left out', async () => {
    const options = { params: { categoryId: 7 }, query: { page: 1, badges: '2,5', sort: undefined, price_from: '' } };
    expect(callUrl(getCategoryList, options)).toBe('/web-api/products/get-list/7.json?page=1&badges=2%2C5');
    expect(callUrl(getCategoryList, options)).toBe(await askedUrl(getCategoryList, options));
  });
});

describe('issue 16: the offline notice', () => {
  it('says when the price and stock were true, on London’s clock (the machine runs on New York time)', () => {
    const html = renderToStaticMarkup(<OfflineNotice asOf={Date.parse('2026-07-01T13:05:00Z')} />);
    expect(html).toContain('You are offline — price and availability as of 14:05 01/07/26');
  });

  it('is an empty live region while online, so the notice is announced when it appears', () => {
    const html = renderToStaticMarkup(<OfflineNotice asOf={undefined} />);
    expect(html).toMatch(/^<div role="status"[^>]*><\/div>$/);
  });
});

describe('issue 16: the pictures kept with a viewed part', () => {
  it('each picture at the gallery’s size and at the thumbnail size, once each', () => {
    const data = {
      product: {
        Images: [
          { id: 1, url: '/thumbs/1?size=gallery&v=aa', alt: '' },
          { id: 2, url: '/thumbs/2?size=card&v=bb', alt: '' },
          { id: 1, url: '/thumbs/1?size=gallery&v=aa', alt: '' },
        ],
      },
    } as unknown as ViewedPartData;
    expect(viewedImageUrls(data)).toEqual(['/thumbs/1?size=gallery&v=aa', '/thumbs/1?size=thumb&v=aa', '/thumbs/2?size=gallery&v=bb', '/thumbs/2?size=thumb&v=bb']);
  });
});
