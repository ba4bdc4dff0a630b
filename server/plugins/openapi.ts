/** The OpenAPI document of the /web-api calls, generated from the contract's zod schemas. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '../../src/contract/define';
import { isApiPath } from '../http/paths';

const DOCS_PREFIX = `${API_BASE}/docs`;

export const openApi = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Used parts shop API', description: 'The JSON API of the storefront (SPEC §7).', version: '1' },
      },
      // Only contract calls belong in the document: not pages, static files or the docs themselves.
      transform: (document) =>
        isApiPath(document.url) && !document.url.startsWith(DOCS_PREFIX)
          ? jsonSchemaTransform(document)
          : { schema: { hide: true }, url: document.url },
    });
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'openapi' },
);
