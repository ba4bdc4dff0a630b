import { createFileRoute } from '@tanstack/react-router';
import { type StockListQuery, stockListQuery, stockReferenceQuery } from '../../../features/stock/api';
import { StockListScreen } from '../../../features/stock/stock-list-screen';

const STATUSES = ['available', 'reserved', 'sold', 'coming_soon'] as const;
const positive = (value: unknown) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : undefined);

export const Route = createFileRoute('/_staff/stock/')({
  validateSearch: (search: Record<string, unknown>): StockListQuery => ({
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q.slice(0, 60) : undefined,
    status: STATUSES.find((status) => status === search.status),
    part_type_id: positive(search.part_type_id),
    make_id: positive(search.make_id),
    page: positive(search.page),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => Promise.all([context.queryClient.ensureQueryData(stockListQuery(deps)), context.queryClient.ensureQueryData(stockReferenceQuery())]),
  component: function StockRoute() {
    return <StockListScreen search={Route.useSearch()} />;
  },
});
