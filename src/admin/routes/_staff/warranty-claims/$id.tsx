import { createFileRoute, notFound } from '@tanstack/react-router';
import { claimQuery } from '../../../features/returns/claims-api';
import { ClaimScreen } from '../../../features/returns/claim-screen';

const claimIdOf = (value: string) => {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
};

export const Route = createFileRoute('/_staff/warranty-claims/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(claimQuery(claimIdOf(params.id))),
  component: function ClaimRoute() {
    return <ClaimScreen id={claimIdOf(Route.useParams().id)} />;
  },
});
