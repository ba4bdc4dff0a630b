import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as z from 'zod/mini';
import { PartPage } from '../features/product/components/part-page';
import { loadProductPage, productPageHead } from '../features/product/load-product-page';
import { loadedVehiclePage, loadVehiclePageCode } from '../features/product/vehicle-page-code';
import { PagePending } from '../shared/ui/page-pending';

/** SPEC §4: a vehicle page keeps the chosen variant's slug in the query as `product`. */
const productSearchSchema = z.object({
  product: z.catch(z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,120}$/))), undefined),
});

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
  const VehiclePage = loadedVehiclePage();
  if (!VehiclePage) return <PagePending />;
  return <VehiclePage key={page.slug} slug={page.slug} variantSlug={search.product} onVariantChange={onVariantChange} />;
}
