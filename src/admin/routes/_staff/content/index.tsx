import { createFileRoute } from '@tanstack/react-router';
import { ContentScreen } from '../../../features/content/content-screen';

export const Route = createFileRoute('/_staff/content/')({
  component: ContentScreen,
});
