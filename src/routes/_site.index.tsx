import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '@/features/upload/components/home-screen';

export const Route = createFileRoute('/_site/')({
  component: HomeScreen,
});
