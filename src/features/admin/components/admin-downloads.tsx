import { useState } from 'react';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DownloadLogDto } from '@domain/admin-api-types';
import { formatBytes } from '@domain/format-bytes';
import { useDownloads } from '../api/get-downloads';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { SearchField } from './search-field';
import { DataTable, WRAP_ANYWHERE, type Column } from './data-table';

/** /admin/downloads: the download log, newest first, filtered by file and country. */
export function AdminDownloads() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { text, setText, search } = useDebouncedSearch();
  const [country, setCountry] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const downloads = useDownloads({ q: search || undefined, country: country ?? undefined, page });
  const data = downloads.data;
  const columns: Column<DownloadLogDto>[] = [
    { key: 'file', header: t('admin.columns.file'), cell: (d) => d.fileName ?? d.shareId, tdProps: WRAP_ANYWHERE },
    {
      key: 'size',
      header: t('admin.columns.size'),
      cell: (d) => (d.fileSize === null ? '—' : formatBytes(d.fileSize, lang)),
    },
    { key: 'country', header: t('admin.columns.country'), cell: (d) => d.country },
    { key: 'visitor', header: t('admin.columns.visitor'), cell: (d) => d.visitor ?? '—', tdProps: { ff: 'monospace' } },
    { key: 'referrer', header: t('admin.columns.referrer'), cell: (d) => d.referrer, tdProps: WRAP_ANYWHERE },
    { key: 'at', header: t('admin.columns.downloadedAt'), cell: (d) => formatDateTime(d.downloadedAt, lang) },
  ];
  return (
    <AdminPage title={t('admin.downloads.title')} intro={t('admin.downloads.intro')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchField
          label={t('admin.downloads.search')}
          value={text}
          onChange={(value) => {
            setText(value);
            setPage(1);
          }}
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
        <DataTable
          label={t('admin.downloads.title')}
          minWidth={640}
          columns={columns}
          rows={data.items}
          rowKey={(d) => d.id}
          empty={t('admin.dashboard.noDownloads')}
          pager={{ page, pageSize: data.pageSize, total: data.total, onChange: setPage }}
        />
      )}
    </AdminPage>
  );
}
