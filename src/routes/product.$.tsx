import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import * as z from 'zod/mini';
import { PartPage } from '../features/product/components/part-page';
import { loadProductPage } from '../features/product/load-product-page';
import { PagePending } from '../shared/ui/page-pending';

// The part page is what most visits open; a vehicle page loads its own code when it is one.
const VehiclePage = lazy(() => import('../features/product/components/vehicle-page'));

/** SPEC §4: a vehicle page keeps the chosen variant's slug in the query as `product`. */
const productSearchSchema = z.object({
  product: z.catch(z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,120}$/))), undefined),
});

/**
 * /product/{make}/{model}/{part-name}/{Tag} and /product/{slug} (SPEC §2): a part or a vehicle
 * product, told apart by the loader (src/features/product/load-product-page.ts).
 */
export const Route = createFileRoute('/product/$')({
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: productSearchSchema,
  loader: ({ context, params }) => loadProductPage(context.queryClient, params._splat),
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
  return (
    <Suspense fallback={<PagePending />}>
      <VehiclePage key={page.slug} slug={page.slug} variantSlug={search.product} onVariantChange={onVariantChange} />
    </Suspense>
  );
}
