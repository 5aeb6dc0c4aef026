import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout } from '@/components/layout/site-layout';

// Pathless layout: header and footer around every public screen (not the admin panel).
export const Route = createFileRoute('/_site')({
  component: () => <SiteLayout />,
});
