import { SimpleGrid, Text, Title } from '@mantine/core';
import { IconCloudPause, IconDatabase, IconFiles, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminFileDto } from '@domain/admin-api-types';
import { formatBytes } from '@domain/format-bytes';
import { useStorage } from '../api/get-storage';
import { formatCount, formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { DataTable, WRAP_ANYWHERE, type Column } from './data-table';
import { StatCard } from './stat-card';

/** /admin/storage: bytes and objects stored, uploads not finished, the largest files. */
export function AdminStorage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const storage = useStorage();
  const s = storage.data;
  const columns: Column<AdminFileDto>[] = [
    { key: 'name', header: t('admin.columns.name'), cell: (f) => f.name, tdProps: WRAP_ANYWHERE },
    { key: 'size', header: t('admin.columns.size'), cell: (f) => formatBytes(f.size, lang) },
    { key: 'uploaded', header: t('admin.columns.uploaded'), cell: (f) => formatDateTime(f.createdAt, lang) },
    { key: 'expires', header: t('admin.columns.expires'), cell: (f) => formatDateTime(f.expiresAt, lang) },
  ];
  return (
    <AdminPage title={t('admin.storage.title')} intro={t('admin.storage.intro')}>
      <QueryState isPending={storage.isPending} error={storage.error} />
      {s && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <StatCard
              label={t('admin.storage.bytes')}
              value={formatBytes(s.bytes, lang)}
              icon={<IconDatabase size={20} />}
            />
            <StatCard
              label={t('admin.storage.objects')}
              value={formatCount(s.objects, lang)}
              icon={<IconFiles size={20} />}
            />
            <StatCard
              label={t('admin.storage.unfinished')}
              value={formatCount(s.unfinishedUploads, lang)}
              hint={t('admin.storage.unfinishedBytes', { bytes: formatBytes(s.unfinishedBytes, lang) })}
              icon={<IconCloudPause size={20} />}
            />
            <StatCard
              label={t('admin.storage.bucketMultipart')}
              value={s.bucketMultipartUploads === null ? '—' : formatCount(s.bucketMultipartUploads, lang)}
              hint={t('admin.storage.bucketMultipartHint')}
              icon={<IconStack2 size={20} />}
            />
          </SimpleGrid>
          <Title order={2} fz="h4">
            {t('admin.storage.largest')}
          </Title>
          {s.largestFiles.length === 0 ? (
            <Text c="dimmed">{t('admin.uploads.empty')}</Text>
          ) : (
            <DataTable
              label={t('admin.storage.largest')}
              minWidth={480}
              columns={columns}
              rows={s.largestFiles}
              rowKey={(f) => f.fileId}
            />
          )}
        </>
      )}
    </AdminPage>
  );
}
