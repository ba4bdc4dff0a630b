import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/components/register-page';
import { pageHead } from '../shared/head';

/**
 * /register: the registration form (SPEC §2; the spec does not name its route). The page reads
 * the agreement texts itself (a suspense query the server's render streams with the page), so the
 * route carries no loader of its own into the first download.
 */
export const Route = createFileRoute('/register')({
  head: ({ match }) => pageHead({ title: 'Create an account', description: 'Create a PartsFinder UK account for private buyers or businesses.', canonicalPath: '/register', publicUrl: match.context.publicUrl }),
  component: RegisterPage,
});
