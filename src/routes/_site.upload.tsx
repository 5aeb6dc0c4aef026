import { createFileRoute } from '@tanstack/react-router';
import { TransfersScreen } from '@/features/transfers/components/transfers-screen';

export const Route = createFileRoute('/_site/upload')({
  component: TransfersScreen,
});
