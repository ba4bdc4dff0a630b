/**
 * The server's first paint: renders a storefront URL to HTML with the same routes, loaders and
 * components the browser runs, so a phone on a slow signal sees the page (and a crawler reads it)
 * before the JavaScript arrives. Built by `vite build --ssr` into dist/server and loaded by the
 * server's storefront pages; the browser then hydrates this markup (src/main.tsx).
 */
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './app';
import type { FirstPaintModule } from './contract/first-paint';
import { createAppRouter } from './router';
import { setApiTransport } from './shared/api/transport';
import { appPropsQueryOptions } from './shared/app-props';
import { createQueryClient } from './shared/query-client';
import { setViewportGuess } from './shared/viewport-guess';

export const installTransport: FirstPaintModule['installTransport'] = (fetch) => setApiTransport(fetch);

export const renderFirstPaint: FirstPaintModule['renderFirstPaint'] = async ({ url, appProps, viewport }) => {
  const queryClient = createQueryClient();
  // A failed call leaves that part to the browser; retrying here would only delay the page.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(appPropsQueryOptions().queryKey, appProps);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  // Set just before the synchronous render, so renders of other requests cannot interleave.
  setViewportGuess(viewport);
  const html = renderToString(<App queryClient={queryClient} router={router} />);
  // No route for the path (the root's not-found), or a loader that threw notFound().
  // (The router marks a path no route matches on the root match's internal `_notFound`; its
  // public types do not carry it in this version.)
  const notFound = router.state.matches.some((match) => match.status === 'notFound' || (match as { _notFound?: boolean })._notFound === true);
  const statusCode = notFound ? 404 : 200;
  const queryState = dehydrate(queryClient);
  queryClient.clear();
  return { html, queryState, statusCode };
};
