/**
 * Issue 31: where a field's camera button goes. All a page's first download carries of the camera
 * is this: after hydration it loads the button (camera-button.tsx), which loads the viewfinder
 * and the readers when pressed. The home route's first JavaScript does not grow (`npm run size`).
 */
import { Suspense } from 'react';
import { useHydrated } from '../hooks/use-hydrated';
import type { CameraButtonProps } from './camera-button';
import { lazyWhenOnline } from '../lazy-when-online';

const Button = lazyWhenOnline(() => import('./camera-button'));

export function CameraButton(props: CameraButtonProps) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
