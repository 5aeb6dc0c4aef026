import { createFileRoute } from '@tanstack/react-router';
import { HowItWorksScreen } from '@/features/pages/components/how-it-works-screen';

export const Route = createFileRoute('/_site/how-it-works')({
  component: HowItWorksScreen,
});
