import { useState } from 'react';
import { Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { useDownloads } from '../api/get-downloads';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { ScrollTable } from './scroll-table';
import { TablePager } from './table-pager';

/** /admin/downloads: the download log, newest first, filtered by file and country. */
export function AdminDownloads() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { text, setText, search } = useDebouncedSearch();
  const [country, setCountry] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const downloads = useDownloads({ q: search || undefined, country: country ?? undefined, page });
  const data = downloads.data;
  return (
    <AdminPage title={t('admin.downloads.title')} intro={t('admin.downloads.intro')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.downloads.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={t('admin.downloads.country')}
          placeholder={t('admin.downloads.allCountries')}
          data={data?.countries ?? []}
          value={country}
          onChange={(value) => {
            setCountry(value);
            setPage(1);
          }}
          clearable
          searchable
          w={200}
        />
      </Group>
      <QueryState isPending={downloads.isPending} error={data ? null : downloads.error} />
      {data && (
        <>
          <ScrollTable label={t('admin.downloads.title')} minWidth={640}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.columns.file')}</Table.Th>
                  <Table.Th>{t('admin.columns.size')}</Table.Th>
                  <Table.Th>{t('admin.columns.country')}</Table.Th>
                  <Table.Th>{t('admin.columns.visitor')}</Table.Th>
                  <Table.Th>{t('admin.columns.referrer')}</Table.Th>
                  <Table.Th>{t('admin.columns.downloadedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('admin.dashboard.noDownloads')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.items.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.fileName ?? d.shareId}</Table.Td>
                    <Table.Td>{d.fileSize === null ? '—' : formatBytes(d.fileSize, lang)}</Table.Td>
                    <Table.Td>{d.country}</Table.Td>
                    <Table.Td ff="monospace">{d.visitor ?? '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.referrer}</Table.Td>
                    <Table.Td>{formatDateTime(d.downloadedAt, lang)}</Table.Td>
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
