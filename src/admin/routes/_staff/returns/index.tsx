import { createFileRoute } from '@tanstack/react-router';
import { RETURN_STATUSES } from '../../../../domain/orders';
import { type ReturnListSearch, returnListQuery } from '../../../features/returns/api';
import { ReturnsScreen } from '../../../features/returns/returns-screen';

export const Route = createFileRoute('/_staff/returns/')({
  validateSearch: (search: Record<string, unknown>): ReturnListSearch => ({
    status: (RETURN_STATUSES as readonly unknown[]).includes(search.status) ? (search.status as ReturnListSearch['status']) : undefined,
    page: Number.isInteger(Number(search.page)) && Number(search.page) > 1 ? Number(search.page) : undefined,
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(returnListQuery(deps)),
  component: ReturnsRoute,
});

function ReturnsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReturnsScreen search={search} onSearch={(next) => void navigate({ search: next })} />;
}
