import { createFileRoute } from '@tanstack/react-router';
import { PasswordScreen } from '../../features/password/password-screen';

export const Route = createFileRoute('/_staff/password')({
  component: PasswordScreen,
});
