import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { PartPage } from '../features/product/components/part-page';
import { PartNeedsSignal } from '../features/product/components/part-needs-signal';
import { loadProductPage, productPageHead } from '../features/product/load-product-page';
import { loadVehiclePageCode, VehiclePage } from '../features/product/vehicle-page-code';
import { PagePending } from '../shared/ui/page-pending';

const VARIANT_SLUG = /^[a-z0-9-]{1,120}$/;

/**
 * SPEC §4: a vehicle page keeps the chosen variant's slug in the query as `product` (anything
 * else there reads as none). Without zod, as every route's validateSearch is in the first download.
 */
function productSearchSchema(search: Record<string, unknown>): { product?: string | undefined } {
  if (!('product' in search)) return {};
  const { product } = search;
  return { product: typeof product === 'string' && VARIANT_SLUG.test(product) ? product : undefined };
}

/**
 * /product/{make}/{model}/{part-name}/{Tag} and /product/{slug} (SPEC §2): a part or a vehicle
 * product, told apart by the loader (src/features/product/load-product-page.ts). The part page
 * comes with the route; a vehicle page's code is fetched by the loader when the URL is one.
 */
export const Route = createFileRoute('/product/$')({
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: productSearchSchema,
  loader: async ({ context, params }) => {
    const page = await loadProductPage(context.queryClient, params._splat);
    if (page.kind === 'vehicle') await loadVehiclePageCode();
    return { ...page, head: productPageHead(context, page) };
  },
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: ProductRoute,
});

function ProductRoute() {
  const page = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onVariantChange = useCallback(
    (product: string) => void navigate({ search: (previous) => ({ ...previous, product }), replace: true, resetScroll: false }),
    [navigate],
  );
  if (page.kind === 'part') return <PartPage key={page.tag} tag={page.tag} />;
  // Offline, a part never viewed on this phone says it needs signal (issue 16).
  if (page.kind === 'needs-signal') return <PartNeedsSignal />;
  return (
    <LazyBoundary key={page.slug}>
      <VehiclePage slug={page.slug} variantSlug={search.product} onVariantChange={onVariantChange} />
    </LazyBoundary>
  );
}

/** Tells its parent, from inside a Suspense boundary, that the boundary is live. */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

/**
 * A page whose code arrives after the route's (the vehicle page): in the browser the server's
 * markup of it stays as it is until then, and says its controls are not working yet (the root's
 * own mark is gone by then), so a tap waits for a page that answers.
 */
function LazyBoundary({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(false);
  const onLive = useCallback(() => setLive(true), []);
  return (
    <div aria-disabled={live ? undefined : true}>
      <Suspense fallback={<PagePending />}>
        {children}
        <Live onLive={onLive} />
      </Suspense>
    </div>
  );
}
