import { createFileRoute } from '@tanstack/react-router';
import { loyaltyStaticsQueryOptions, thresholdsQueryOptions } from '../features/account/api/loyalty';
import { LoyaltyProgramPage } from '../features/account/components/loyalty-program-page';
import { pageHead, pageTitle } from '../shared/head';

/** /loyalty-program (SPEC §2 storefront path): the levels and texts for anyone, without a member's progress. */
export const Route = createFileRoute('/loyalty-program')({
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(thresholdsQueryOptions()), context.queryClient.ensureQueryData(loyaltyStaticsQueryOptions())]).catch(() => undefined),
  head: ({ match }) =>
    pageHead({
      title: pageTitle('Loyalty program'),
      description: 'Loyalty discounts on every order for PartsFinder UK members.',
      canonicalPath: '/loyalty-program',
      publicUrl: match.context.publicUrl,
    }),
  component: LoyaltyProgramPage,
});
