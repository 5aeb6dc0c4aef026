import { createFileRoute } from '@tanstack/react-router';
import { InvalidLinkScreen } from '@/features/share/components/download-states';

// A share link with its id cut off: say so rather than "page not found".
export const Route = createFileRoute('/_site/s/')({
  component: InvalidLinkScreen,
});
