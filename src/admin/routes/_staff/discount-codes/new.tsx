import { createFileRoute } from '@tanstack/react-router';
import { NewDiscountCodeScreen } from '../../../features/discount-codes/discount-code-form';

export const Route = createFileRoute('/_staff/discount-codes/new')({
  component: NewDiscountCodeScreen,
});
