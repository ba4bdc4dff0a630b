import { createFileRoute } from '@tanstack/react-router';
import { type OrderListSearch, orderListQuery } from '../../../features/orders/api';
import { OrdersScreen } from '../../../features/orders/orders-screen';

const PAYMENTS = ['STRIPE_CARD', 'STRIPE_GOOGLE_PAY', 'STRIPE_APPLE_PAY', 'PAYPAL', 'none'] as const;
const SORTS = ['created', 'number', 'total'] as const;
const date = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const whole = (value: unknown) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : undefined);
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined => (list as readonly unknown[]).includes(value) ? (value as T) : undefined;

export const Route = createFileRoute('/_staff/orders/')({
  validateSearch: (search: Record<string, unknown>): OrderListSearch => ({
    q: typeof search.q === 'string' && search.q !== '' ? search.q : undefined,
    status: whole(search.status),
    payment: oneOf(PAYMENTS, search.payment),
    from: date(search.from),
    to: date(search.to),
    sort: oneOf(SORTS, search.sort),
    direction: oneOf(['ASC', 'DESC'] as const, search.direction),
    page: whole(search.page),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(orderListQuery(deps)),
  component: OrdersRoute,
});

function OrdersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrdersScreen search={search} onSearch={(next) => void navigate({ search: next })} />;
}
