/**
 * How the cart-add route (SPEC §2 cart-add, `/cart/add/{Tag}/{warranty?}/{quick?}`) hands the
 * person back to the page they came from with the cart sidebar open, and how the sidebar closes
 * on leaving (SPEC §2: 'opens on those routes, closes on leaving; closing returns to main').
 *
 * The root layout calls {@link useCartSidebarRouting} once: it remembers the page a cart-add
 * navigation started from, closes the sidebar on every other navigation, and opens it when the
 * navigation back from cart-add has finished. The cart-add page calls {@link returnFromCartAdd}.
 */
import { useRouter, type AnyRouter, type ParsedLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { readStored, writeStored } from '../storage';
import { closeCartSidebar, openCartSidebar } from './cart-sidebar-state';

const CART_ADD_PREFIX = '/cart/add/';

export const isCartAddPath = (pathname: string): boolean => pathname.startsWith(CART_ADD_PREFIX);

/**
 * The last storefront page shown in this tab, kept in session storage: product cards link to
 * cart-add with plain links (a new document), and the shop sends no Referer, so this is how a
 * cart-add page opened that way knows where the person was.
 */
const LAST_PAGE_KEY = 'cart-return-page';

/** The page a cart-add navigation left, with its place in this tab's history. */
let pageBeforeCartAdd: { href: string; index: number } | null = null;
/** Set while our own navigation back from cart-add runs: open the sidebar when it lands. */
let openWhenResolved = false;

function historyIndex(location: ParsedLocation | undefined): number | undefined {
  const index = location?.state.__TSR_index;
  return typeof index === 'number' ? index : undefined;
}

/** Subscribes the router events the cart sidebar depends on; call once, in the root layout. */
export function useCartSidebarRouting(): void {
  const router = useRouter();
  useEffect(() => {
    // The page showing now, in case its own navigation finished before this subscribed.
    const current = router.state.location;
    if (!isCartAddPath(current.pathname)) writeStored('session', LAST_PAGE_KEY, current.href);
    const stopBefore = router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
      if (isCartAddPath(toLocation.pathname)) {
        const index = historyIndex(fromLocation);
        if (fromLocation && !isCartAddPath(fromLocation.pathname) && index !== undefined) pageBeforeCartAdd = { href: fromLocation.href, index };
      }
      // Any navigation closes the sidebar (the one back from cart-add reopens it below).
      closeCartSidebar();
    });
    const stopResolved = router.subscribe('onResolved', ({ toLocation }) => {
      if (!isCartAddPath(toLocation.pathname)) writeStored('session', LAST_PAGE_KEY, toLocation.href);
      if (!openWhenResolved) return;
      openWhenResolved = false;
      openCartSidebar();
    });
    return () => {
      stopBefore();
      stopResolved();
    };
  }, [router]);
}

/** The last page this tab showed before cart-add, when it is one of ours. */
function lastPagePath(): string | null {
  const href = readStored('session', LAST_PAGE_KEY);
  return href && href.startsWith('/') && !href.startsWith('//') && !isCartAddPath(href) ? href : null;
}

/**
 * Leaves the cart-add route for the page the person came from, opening the sidebar there when
 * `openSidebar` is set (after a successful add). Reached by an in-app link, it goes back one
 * history entry, so the page comes back where it was scrolled to and Back does not revisit
 * cart-add; reached by a full page load (a product card's plain link, a shared URL), it replaces
 * cart-add with the last page this tab showed, or home ('closing returns to main').
 */
export function returnFromCartAdd(router: AnyRouter, { openSidebar }: { openSidebar: boolean }): void {
  const before = pageBeforeCartAdd;
  pageBeforeCartAdd = null;
  openWhenResolved = openSidebar;
  const here = historyIndex(router.state.location);
  if (before && here !== undefined && before.index === here - 1) {
    router.history.back();
    return;
  }
  void router.navigate({ href: before?.href ?? lastPagePath() ?? '/', replace: true, resetScroll: false });
}
