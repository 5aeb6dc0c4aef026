import { createFileRoute, redirect } from '@tanstack/react-router';

// SPEC's second link form: the same download page, at the one address share links use.
export const Route = createFileRoute('/_site/share/$shareId')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/s/$shareId', params, replace: true });
  },
});
