import { useState } from 'react';
import { Alert, Table } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useVisitors } from '../api/get-visitors';
import { formatCount, formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { ScrollTable } from './scroll-table';
import { TablePager } from './table-pager';

/** /admin/users: there are no accounts; visitors by salted hash, with their uploads and downloads. */
export function AdminUsers() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const visitors = useVisitors(page);
  const data = visitors.data;
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
        <>
          <ScrollTable label={t('admin.users.title')} minWidth={420}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.columns.visitor')}</Table.Th>
                  <Table.Th>{t('admin.charts.uploads')}</Table.Th>
                  <Table.Th>{t('admin.charts.downloads')}</Table.Th>
                  <Table.Th>{t('admin.users.lastSeen')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((v) => (
                  <Table.Tr key={v.visitor}>
                    <Table.Td ff="monospace">{v.visitor}</Table.Td>
                    <Table.Td>{formatCount(v.uploads, lang)}</Table.Td>
                    <Table.Td>{formatCount(v.downloads, lang)}</Table.Td>
                    <Table.Td>{formatDateTime(v.lastSeen, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <TablePager page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        </>
      )}
    </AdminPage>
  );
}
