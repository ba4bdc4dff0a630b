import { createFileRoute, notFound } from '@tanstack/react-router';
import { partRequestQuery } from '../../../features/part-requests/api';
import { PartRequestScreen } from '../../../features/part-requests/part-request-screen';

const idOf = (value: string) => {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
};

export const Route = createFileRoute('/_staff/part-requests/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(partRequestQuery(idOf(params.id))),
  component: PartRequestRoute,
});

function PartRequestRoute() {
  const { id } = Route.useParams();
  return <PartRequestScreen id={idOf(id)} />;
}
