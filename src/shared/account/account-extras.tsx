/**
 * What the header's account entry needs once the page is running, loaded after hydration (like
 * the toaster) so the first download only carries the button: the login modal's host (the modal
 * itself loads on first open) and, while a member is signed in, the 60 s session check (SPEC §4).
 */
import { isSignedInMember, useAppProps } from '../app-props';
import { LoginModalHost } from './login-modal-host';
import { useSessionCheck } from './session-check';

export default function AccountExtras() {
  useSessionCheck(isSignedInMember(useAppProps()));
  return <LoginModalHost />;
}
