/**
 * The OpenAPI document of the /web-api calls, generated from the contract's zod schemas: each
 * operation named (operationId, from its method and path), the session cookies and the
 * X-CSRF-Token header described as security schemes and required where the CSRF check asks for
 * them, and the shop's own address as its server, so standard tools (Redocly's linter,
 * openapi-typescript; `npm run lint:openapi`) accept it.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CSRF_HEADER } from '../../src/contract/app-props';
import { API_BASE } from '../../src/contract/define';
import { isApiPath } from '../http/paths';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A call answering a file rather than JSON: its media type, for the document's 200 answer. */
    fileAnswer?: string;
    /** A back-office call only a signed-in member of staff may make (not a sign-in step). */
    signedIn?: boolean;
  }
}

const DOCS_PREFIX = `${API_BASE}/docs`;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An operation's name, stable as long as its method and path are: 'PATCH
 * /carts/update-region-and-delivery' → 'patchCartsUpdateRegionAndDelivery', 'GET
 * /admin/pages/:slug.json' → 'getAdminPagesBySlugJson'.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(API_BASE, '')
    .split(/[/.]/)
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[-_]/)] : segment.split(/[-_]/)))
    .filter(Boolean);
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return `${method.toLowerCase()}${words.map(capital).join('')}`;
}

type Security = Array<Record<string, string[]>>;

/**
 * What a call asks of its caller, as the CSRF check (plugins/csrf.ts) applies it: a write needs
 * the session cookie and its token in X-CSRF-Token (the staff session's for back-office calls);
 * a read starts a session when there is none, so the cookie is optional (but for the back office's
 * reads, which need a member of staff signed in); a provider's webhook
 * needs neither (it proves itself by its signature).
 */
function securityOf(route: RouteOptions): Security {
  const config = (route.config ?? {}) as { staff?: boolean; csrf?: false; signedIn?: boolean };
  if (config.csrf === false) return [];
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const [session, csrf] = config.staff === true ? ['staffSession', 'staffCsrfToken'] : ['session', 'csrfToken'];
  if (STATE_CHANGING.has(method)) return [{ [session]: [], [csrf]: [] }];
  return config.signedIn === true ? [{ [session]: [] }] : [{ [session]: [] }, {}];
}

export const openApi = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Used parts shop API',
          description:
            'The JSON API of the storefront and the back office (SPEC §7). Every failure is the envelope {success: false, msg, errors?}; bad input is a 422 naming each field. No text field may hold a control character, and only multi-line fields (messages, descriptions, article and page bodies) line breaks or tabs.',
          version: '1',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: publicUrl, description: 'This shop' }],
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: app.sessionCookies.names.session, description: "The visitor's session, set by the first page or read." },
            csrfToken: { type: 'apiKey', in: 'header', name: CSRF_HEADER, description: "Every write: the session's CSRF token, which the cookie beside the session cookie carries." },
            staffSession: { type: 'apiKey', in: 'cookie', name: app.staffCookies.names.session, description: 'The back office: a member of staff signed in (password, then a code).' },
            staffCsrfToken: { type: 'apiKey', in: 'header', name: CSRF_HEADER, description: "Every back-office write: the staff session's CSRF token." },
          },
        },
      },
      // Only contract calls belong in the document: not pages, static files or the docs themselves.
      transform: (document) => {
        if (!isApiPath(document.url) || document.url.startsWith(DOCS_PREFIX)) return { schema: { hide: true }, url: document.url };
        const transformed = jsonSchemaTransform(document);
        const method = Array.isArray(document.route.method) ? String(document.route.method[0]) : String(document.route.method);
        const fileAnswer = (document.route.config as { fileAnswer?: string } | undefined)?.fileAnswer;
        const response = fileAnswer
          ? { ...(transformed.schema.response as object), 200: { description: 'The file.', content: { [fileAnswer]: { schema: { type: 'string', format: 'binary' } } } } }
          : transformed.schema.response;
        return {
          url: transformed.url,
          schema: { ...transformed.schema, response, operationId: operationIdOf(method, document.url), security: securityOf(document.route) },
        };
      },
    });
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'openapi', dependencies: ['sessions', 'staff-sessions'] },
);
