import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../features/auth/components/logout-page';

/**
 * /logout (SPEC §2 storefront path 'logout'): ends the session, clears session storage, then
 * home. The page sets its own title (a head() would stay in the first download).
 */
export const Route = createFileRoute('/logout')({
  component: LogoutPage,
});
