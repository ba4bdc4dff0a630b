import { createFileRoute } from '@tanstack/react-router';
import { REVIEW_STATUSES, type ReviewStatus } from '../../../../contract/reviews';
import { reviewListQuery } from '../../../features/content/api';
import { ReviewsScreen } from '../../../features/content/reviews-screen';

export const Route = createFileRoute('/_staff/content/reviews')({
  validateSearch: (search: Record<string, unknown>): { status?: ReviewStatus } =>
    (REVIEW_STATUSES as readonly unknown[]).includes(search.status) && search.status !== 'pending' ? { status: search.status as ReviewStatus } : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(reviewListQuery(deps.status ?? 'pending')),
  component: function ReviewsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ReviewsScreen status={search.status ?? 'pending'} onStatus={(status) => void navigate({ search: status === 'pending' ? {} : { status } })} />;
  },
});
