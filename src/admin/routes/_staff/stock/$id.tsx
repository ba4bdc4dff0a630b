import { createFileRoute, notFound } from '@tanstack/react-router';
import { stockPartQuery, stockReferenceQuery } from '../../../features/stock/api';
import { PartScreen } from '../../../features/stock/part-screen';

/** The id of the path, or the not-found screen for anything but a whole number. */
function idOf(segment: string): number {
  const id = Number(segment);
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
}

export const Route = createFileRoute('/_staff/stock/$id')({
  loader: ({ context, params }) => Promise.all([context.queryClient.ensureQueryData(stockPartQuery(idOf(params.id))), context.queryClient.ensureQueryData(stockReferenceQuery())]),
  component: function PartRoute() {
    const id = idOf(Route.useParams().id);
    return <PartScreen key={id} id={id} />;
  },
});
