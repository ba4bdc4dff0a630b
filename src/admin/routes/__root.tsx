import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import type { AdminRouterContext } from '../router-context';
import { PageHeading } from '../ui/page-heading';

export const Route = createRootRouteWithContext<AdminRouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

function NotFound() {
  return (
    <main className="bo-centred" id="main">
      <PageHeading title="Not found" description="There is no back-office screen at this address." />
      <Link to="/">Go to the dashboard</Link>
    </main>
  );
}
