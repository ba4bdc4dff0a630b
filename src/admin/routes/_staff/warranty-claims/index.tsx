import { createFileRoute } from '@tanstack/react-router';
import { CLAIM_STATUSES } from '../../../../domain/warranty-claims';
import { type ClaimListSearch, claimListQuery } from '../../../features/returns/claims-api';
import { ClaimsScreen } from '../../../features/returns/claims-screen';

export const Route = createFileRoute('/_staff/warranty-claims/')({
  validateSearch: (search: Record<string, unknown>): ClaimListSearch => {
    const page = Number(search.page);
    return {
      status: (CLAIM_STATUSES as readonly unknown[]).includes(search.status) ? (search.status as ClaimListSearch['status']) : undefined,
      page: Number.isInteger(page) && page > 1 ? page : undefined,
    };
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(claimListQuery(deps)),
  component: function ClaimsRoute() {
    const navigate = Route.useNavigate();
    return <ClaimsScreen search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
  },
});
