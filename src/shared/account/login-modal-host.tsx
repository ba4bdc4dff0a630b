/**
 * Where the login modal lives: beside the header's account button, over whatever page is showing.
 * Its code (the forms, react-hook-form, the call schemas) loads the first time it opens, so a page
 * that never shows it does not download it; once loaded it stays mounted, so it reopens at once.
 */
import { Suspense, useState } from 'react';
import { useLoginModalOpen } from './login-modal-state';
import { lazyWhenOnline } from '../lazy-when-online';

const LoginModal = lazyWhenOnline(() => import('./login-modal'));

export function LoginModalHost() {
  const open = useLoginModalOpen();
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal open={open} />
    </Suspense>
  );
}
