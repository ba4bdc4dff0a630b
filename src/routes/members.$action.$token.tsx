import { createFileRoute, notFound } from '@tanstack/react-router';
import { PasswordLinkPage } from '../features/auth/components/password-link-page';

/**
 * The single-use links the shop mails (SPEC §2, §7): /members/change-password/{token} (a password
 * reset) and /members/guest-register/{token} (a guest's create-password link from the order
 * e-mail). One route for both, since every route adds to the first download; any other action is
 * the not-found page. The page sets its own title (no head(): it would stay in the first download).
 */
export const Route = createFileRoute('/members/$action/$token')({
  beforeLoad: ({ params }) => {
    if (params.action !== 'change-password' && params.action !== 'guest-register') throw notFound();
  },
  component: PasswordLink,
});

function PasswordLink() {
  const { action, token } = Route.useParams();
  return <PasswordLinkPage kind={action === 'guest-register' ? 'guest' : 'reset'} token={token} />;
}
