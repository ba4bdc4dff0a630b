/**
 * The app's React tree, the same for the server's first paint (src/entry-server.tsx) and the
 * browser (src/main.tsx): one definition, so the two trees cannot drift apart (hydration and
 * React's useId ids depend on them being identical).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { createAppRouter } from './router';

/**
 * Marks the page interactive once React has taken over (hydrated the server's markup or drawn
 * its own): until then a tap on server-drawn markup does nothing, so end-to-end tests wait for
 * `html[data-hydrated]` before they act. Effects do not run on the server.
 */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <HydratedMarker />
      </QueryClientProvider>
    </StrictMode>
  );
}
