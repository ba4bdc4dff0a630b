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

  it('serves the reader at /web-api/docs', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
