import { createFileRoute, notFound } from '@tanstack/react-router';
import { returnQuery } from '../../../features/returns/api';
import { ReturnScreen } from '../../../features/returns/return-screen';

const idOf = (value: string) => {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
};

export const Route = createFileRoute('/_staff/returns/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(returnQuery(idOf(params.id))),
  component: ReturnRoute,
});

function ReturnRoute() {
  const { id } = Route.useParams();
  return <ReturnScreen id={idOf(id)} />;
}
