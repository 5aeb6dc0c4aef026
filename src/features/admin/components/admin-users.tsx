import { useState } from 'react';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VisitorDto } from '@domain/admin-api-types';
import { useVisitors } from '../api/get-visitors';
import { formatCount, formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { DataTable, type Column } from './data-table';

/** /admin/users: there are no accounts; visitors by salted hash, with their uploads and downloads. */
export function AdminUsers() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const visitors = useVisitors(page);
  const data = visitors.data;
  const columns: Column<VisitorDto>[] = [
    { key: 'visitor', header: t('admin.columns.visitor'), cell: (v) => v.visitor, tdProps: { ff: 'monospace' } },
    { key: 'uploads', header: t('admin.charts.uploads'), cell: (v) => formatCount(v.uploads, lang) },
    { key: 'downloads', header: t('admin.charts.downloads'), cell: (v) => formatCount(v.downloads, lang) },
    { key: 'lastSeen', header: t('admin.users.lastSeen'), cell: (v) => formatDateTime(v.lastSeen, lang) },
  ];
  return (
    <AdminPage title={t('admin.users.title')} intro={t('admin.users.intro')}>
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle size={20} aria-hidden />}
        title={t('admin.users.noAccountsTitle')}
      >
        {t('admin.users.noAccounts')}
      </Alert>
      <QueryState isPending={visitors.isPending} error={data ? null : visitors.error} />
      {data && (
        <DataTable
          label={t('admin.users.title')}
          minWidth={420}
          columns={columns}
          rows={data.items}
          rowKey={(v) => v.visitor}
          pager={{ page, pageSize: data.pageSize, total: data.total, onChange: setPage }}
        />
      )}
    </AdminPage>
  );
}
