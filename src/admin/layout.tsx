/**
 * The frame of every signed-in screen: a header with the shop's name, who is signed in (name and
 * role) and Sign out; the side navigation of the areas their role may use (areas.ts); the screen.
 * On a narrow screen the navigation folds behind a Menu button.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { adminSignOut } from '../contract/admin';
import { adminApi, messageOf } from './api';
import { visibleAreas } from './areas';
import { meQueryKey, ROLE_NAMES, useStaff } from './session';
import { Button, useToast } from './ui';

export function StaffLayout() {
  const staff = useStaff();
  const router = useRouter();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useToast();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  // A new screen closes the folded menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  const signOut = useMutation({
    mutationFn: () => adminApi(adminSignOut),
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
      await navigate({ to: '/sign-in', search: { redirect: undefined } });
    },
    onError: (error) => notify(messageOf(error), 'error'),
  });

  const areas = visibleAreas(staff.permissions, (path) => path in router.routesByPath);
  return (
    <div className="bo-shell">
      <a className="bo-skip-link" href="#main">
        Skip to content
      </a>
      <header className="bo-header">
        <Link to="/" className="bo-header__brand">
          PartsFinder UK <span>Back office</span>
        </Link>
        <Button variant="quiet" small className="bo-header__menu" aria-expanded={menuOpen} aria-controls="bo-nav" onClick={() => setMenuOpen((open) => !open)}>
          Menu
        </Button>
        <div className="bo-header__staff">
          <span className="bo-header__who">
            <span className="bo-header__name">{staff.name}</span> <span className="bo-header__role">{ROLE_NAMES[staff.role]}</span>
          </span>
          <Link to="/password" className="bo-header__link">
            Change my password
          </Link>
          <Button variant="secondary" small busy={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign out
          </Button>
        </div>
      </header>
      <div className="bo-body">
        <nav id="bo-nav" className={menuOpen ? 'bo-nav bo-nav--open' : 'bo-nav'} aria-label="Back office">
          <ul>
            {areas.map((area) => (
              <li key={area.path}>
                {/* Area paths come from areas.ts and exist in the route tree (checked above). */}
                <Link to={area.path as '/'} className="bo-nav__link" activeProps={{ className: 'bo-nav__link bo-nav__link--active' }} activeOptions={{ exact: area.path === '/' }}>
                  {area.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="bo-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
