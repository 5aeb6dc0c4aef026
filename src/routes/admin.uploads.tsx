import { createFileRoute } from '@tanstack/react-router';
import { AdminUploads } from '@/features/admin/components/admin-uploads';

/** The top bar's search lands here as `?q=`; a new search starts the screen afresh. */
export const Route = createFileRoute('/admin/uploads')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' && search.q.trim() !== '' ? { q: search.q.slice(0, 200) } : {},
  component: AdminUploadsRoute,
});

function AdminUploadsRoute() {
  const { q } = Route.useSearch();
  return <AdminUploads key={q ?? ''} initialSearch={q} />;
}
