import { createFileRoute } from '@tanstack/react-router';
import { discountCodeListQuery } from '../../../features/discount-codes/api';
import { DiscountCodesScreen } from '../../../features/discount-codes/discount-codes-screen';

export const Route = createFileRoute('/_staff/discount-codes/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(discountCodeListQuery()),
  component: DiscountCodesScreen,
});
