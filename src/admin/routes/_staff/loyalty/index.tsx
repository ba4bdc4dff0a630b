import { createFileRoute } from '@tanstack/react-router';
import { loyaltyQuery } from '../../../features/loyalty/api';
import { LoyaltyScreen } from '../../../features/loyalty/loyalty-screen';

export const Route = createFileRoute('/_staff/loyalty/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(loyaltyQuery()),
  component: LoyaltyScreen,
});
