import { createFileRoute } from '@tanstack/react-router';
import { stockReferenceQuery } from '../../../features/stock/api';
import { NewPartScreen } from '../../../features/stock/new-part-screen';

export const Route = createFileRoute('/_staff/stock/new')({
  loader: ({ context }) => context.queryClient.ensureQueryData(stockReferenceQuery()),
  component: NewPartScreen,
});
