import { createFileRoute } from '@tanstack/react-router';
import { SharedScreen } from '@/features/share-target/components/shared-screen';

// Where the service worker sends a Web Share Target POST once the files are stored, or with
// `?refused=1` when it refused a POST from another website's page.
export const Route = createFileRoute('/_site/shared')({
  validateSearch: (search: Record<string, unknown>): { refused?: true } =>
    search.refused === 1 || search.refused === '1' ? { refused: true } : {},
  component: SharedRoute,
});

function SharedRoute() {
  const { refused } = Route.useSearch();
  return <SharedScreen refused={refused === true} />;
}
