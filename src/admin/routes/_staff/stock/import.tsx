import { createFileRoute } from '@tanstack/react-router';
import { ImportScreen } from '../../../features/stock/import-screen';

export const Route = createFileRoute('/_staff/stock/import')({
  component: ImportScreen,
});
