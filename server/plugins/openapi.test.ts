import { describe, expect, it } from 'vitest';
import { testApp } from '../test/app';

describe('OpenAPI', () => {
  it('documents the contract calls, and nothing else', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/docs/json' });

    const paths = Object.keys(response.json().paths).sort();
    expect(paths).toEqual(expect.arrayContaining(['/web-api/app-props.json', '/web-api/bot-check/challenge.json', '/web-api/check', '/web-api/part-requests/form', '/web-api/products/types.json']));
    expect(paths.every((path) => path.startsWith('/web-api/') && !path.startsWith('/web-api/docs'))).toBe(true);
    const partTypes = response.json().paths['/web-api/products/types.json'].get.responses['200'].content['application/json'].schema;
    expect(partTypes.properties.data.items.required).toEqual(['ID', 'Name', 'ExternalName', 'CompatabilityFlag']);
  });

  it('names every operation once and says which cookie and header each needs', async () => {
    const app = await testApp();
    const document = (await app.inject({ method: 'GET', url: '/web-api/docs/json' })).json();
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId?: string; security?: unknown }>>).flatMap((item) => Object.values(item));
    const names = operations.map((operation) => operation.operationId);
    expect(names.every((name) => typeof name === 'string' && /^[a-z][A-Za-z0-9]+$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(document.servers).toEqual([{ url: expect.stringMatching(/^http/), description: 'This shop' }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['csrfToken', 'session', 'staffCsrfToken', 'staffSession']);
    expect(document.components.securitySchemes.csrfToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-csrf-token' });
    const paths = document.paths;
    expect(paths['/web-api/carts/update-region-and-delivery'].patch).toMatchObject({ operationId: 'patchCartsUpdateRegionAndDelivery', security: [{ session: [], csrfToken: [] }] });
    expect(paths['/web-api/products/types.json'].get.security).toEqual([{ session: [] }, {}]);
    expect(paths['/web-api/admin/pages/{slug}.json'].get).toMatchObject({ operationId: 'getAdminPagesBySlugJson', security: [{ staffSession: [] }] });
    expect(paths['/web-api/admin/staff/create'].post.security).toEqual([{ staffSession: [], staffCsrfToken: [] }]);
  });

  it('serves the reader at /web-api/docs', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
