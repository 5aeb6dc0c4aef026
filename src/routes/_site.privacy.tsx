import { createFileRoute } from '@tanstack/react-router';
import { LegalScreen } from '@/features/pages/components/legal-screen';

export const Route = createFileRoute('/_site/privacy')({
  component: () => <LegalScreen page="privacy" />,
});
