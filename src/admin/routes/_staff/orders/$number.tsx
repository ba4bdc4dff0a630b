import { createFileRoute } from '@tanstack/react-router';
import { orderQuery } from '../../../features/orders/api';
import { OrderScreen } from '../../../features/orders/order-screen';

export const Route = createFileRoute('/_staff/orders/$number')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(orderQuery(params.number)),
  component: OrderRoute,
});

function OrderRoute() {
  const { number } = Route.useParams();
  return <OrderScreen number={number} />;
}
