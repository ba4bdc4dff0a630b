/**
 * The back office's entry (admin.html): its own router and QueryClient, drawn in the browser (no
 * server render, nothing shared with the storefront's first download). When any call finds the
 * staff session ended (401), the screen goes to sign-in and comes back after it.
 */
import './admin.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onSignedOut } from './api';
import { createAdminRouter } from './router';
import { meQueryKey } from './session';
import { ToastProvider } from './ui/notice';

const router = createAdminRouter();
const { queryClient } = router.options.context;

onSignedOut(() => {
  queryClient.setQueryData(meQueryKey, null);
  const { pathname, searchStr } = router.state.location;
  if (pathname !== '/sign-in') void router.navigate({ to: '/sign-in', search: { redirect: `${pathname}${searchStr}` } });
});

const root = document.getElementById('root');
if (!root) throw new Error('admin.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
