import { createFileRoute } from '@tanstack/react-router';
import { type PartRequestListSearch, partRequestListQuery } from '../../../features/part-requests/api';
import { PartRequestsScreen } from '../../../features/part-requests/part-requests-screen';

const STATUSES = ['new', 'searching', 'found', 'not_found'] as const;

export const Route = createFileRoute('/_staff/part-requests/')({
  validateSearch: (search: Record<string, unknown>): PartRequestListSearch => ({
    status: (STATUSES as readonly unknown[]).includes(search.status) ? (search.status as PartRequestListSearch['status']) : undefined,
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q.trim().slice(0, 100) : undefined,
    page: Number.isInteger(Number(search.page)) && Number(search.page) > 1 ? Number(search.page) : undefined,
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(partRequestListQuery(deps)),
  component: PartRequestsRoute,
});

function PartRequestsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PartRequestsScreen search={search} onSearch={(next) => void navigate({ search: next })} />;
}
