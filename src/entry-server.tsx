/**
 * The server render: a web Request in, a web Response out, through TanStack Router's own SSR
 * (createRequestHandler, renderRouterToStream, RouterServer). The routes, loaders and components
 * are the browser's; the router and its QueryClient are made for this one request, their API
 * calls answered in-process by the transport the server hands over. The status is the router's:
 * 404 for an unknown path or product, 500 when a page's data failed. Built by
 * `vite build --ssr src/entry-server.tsx` into dist/server/entry-server.js and loaded by the
 * storefront module of the server (server/modules/storefront/pages.ts).
 */
import { rootRouteId } from '@tanstack/react-router';
import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import type { PageAssets, RenderEntry } from './contract/render';
import { createAppRouter } from './router';

/**
 * The page's files as the router's manifest: styles and module preloads in the head, the entry
 * as an ordinary module script at the end of the body. All on the root route: every page loads
 * the same entry, which then loads its route's code.
 */
function manifestOf(assets: PageAssets): Awaited<ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getRouterManifest']>>> {
  return {
    routes: {
      [rootRouteId]: {
        css: assets.stylesheets,
        preloads: assets.preloads,
        scripts: [
          ...assets.inlineModules.map((code) => ({ attrs: { type: 'module' }, children: code })),
          ...assets.scripts.map((src) => ({ attrs: { type: 'module', src } })),
        ],
      },
    },
  };
}

export const render: RenderEntry['render'] = async ({ request, api, appProps, csrfToken, nonce, assets, publicUrl }) => {
  const manifest = manifestOf(assets);
  const handle = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ transport: api, wholeDocument: true, appProps, csrfToken, publicUrl, nonce }),
    getRouterManifest: () => manifest,
  });
  return handle(({ request: handled, router, responseHeaders }) =>
    renderRouterToStream({ request: handled, router, responseHeaders, children: <RouterServer router={router} /> }),
  );
};
