import { createFileRoute, notFound } from '@tanstack/react-router';
import { customerQuery } from '../../../features/customers/api';
import { CustomerScreen } from '../../../features/customers/customer-screen';

/** The id of the path, or the not-found screen for anything but a whole number. */
function idOf(segment: string): number {
  const id = Number(segment);
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
}

export const Route = createFileRoute('/_staff/customers/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(customerQuery(idOf(params.id))),
  component: function CustomerRoute() {
    const id = idOf(Route.useParams().id);
    return <CustomerScreen key={id} id={id} />;
  },
});
