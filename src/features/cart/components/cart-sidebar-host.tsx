/**
 * Where the cart sidebar lives: in the root layout, over whatever page is showing. Its code loads
 * the first time it opens, so pages that never show it do not download it.
 */
import { Suspense, useState } from 'react';
import { useCartSidebarRouting } from '../../../shared/cart/cart-navigation';
import { useCartSidebarOpen } from '../../../shared/cart/cart-sidebar-state';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const CartSidebar = lazyWhenOnline(() => import('./cart-sidebar'));

export function CartSidebarHost() {
  useCartSidebarRouting();
  const open = useCartSidebarOpen();
  // Once loaded, stay mounted, so closing can animate and reopening is instant.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CartSidebar open={open} />
    </Suspense>
  );
}
