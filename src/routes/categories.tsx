import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { partTypesQueryOptions } from '../features/search/api/get-part-types';
import { SearchSummary } from '../features/search/components/search-summary';

/**
 * Query values of a search (SPEC §2). The router parses numbers-looking values as numbers
 * (?vrn=123 arrives as 123), so text values accept both. A bad value falls back to absent instead
 * of breaking the page. Values are cleaned where they are used (the summary), which keeps this
 * schema, part of the entry bundle, free of the domain's validation module; zod/mini keeps it small.
 */
const text = z.pipe(z.union([z.string(), z.number()]), z.transform(String));
const categoriesSearchSchema = z.object({
  vrn: z.catch(z.optional(text), undefined),
  oem: z.catch(z.optional(text), undefined),
  make: z.catch(z.optional(text), undefined),
  model: z.catch(z.optional(text), undefined),
  year: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1900), z.maximum(2100))), undefined),
  partType: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
});

export const Route = createFileRoute('/categories')({
  validateSearch: categoriesSearchSchema,
  // The summary names the part type, so it needs the same cached list the home search used.
  loader: ({ context }) => context.queryClient.ensureQueryData(partTypesQueryOptions()),
  component: CategoriesPage,
});

function CategoriesPage() {
  const terms = Route.useSearch();
  return <SearchSummary terms={terms} />;
}
