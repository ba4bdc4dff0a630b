import { createFileRoute } from '@tanstack/react-router';
import { type CustomerListQuery, customerListQuery } from '../../../features/customers/api';
import { CustomersScreen } from '../../../features/customers/customers-screen';

export const Route = createFileRoute('/_staff/customers/')({
  validateSearch: (search: Record<string, unknown>): CustomerListQuery => ({
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q.slice(0, 100) : undefined,
    page: Number.isInteger(Number(search.page)) && Number(search.page) > 0 ? Number(search.page) : undefined,
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(customerListQuery(deps)),
  component: function CustomersRoute() {
    return <CustomersScreen search={Route.useSearch()} />;
  },
});
