import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconArrowsSort,
  IconChevronDown,
  IconChevronUp,
  IconClockExclamation,
  IconDatabase,
  IconDownload,
  IconFiles,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  FILE_TYPE_FILTERS,
  type AdminFileDto,
  type FileTypeFilter,
  type SortDirection,
  type UploadsQuery,
  type UploadsSortKey,
} from '@domain/admin-api-types';
import { formatBytes } from '@domain/format-bytes';
import { useUploads } from '../api/get-uploads';
import { useUploadsSummary } from '../api/get-uploads-summary';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { formatCount, formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { SearchField } from './search-field';
import { DataTable, WRAP_ANYWHERE, type Column } from './data-table';
import { FileDetailsDrawer } from './file-details-drawer';
import { StatCard } from './stat-card';
import { TakedownDialog } from './takedown-dialog';

type SortState = { key: UploadsSortKey; dir: SortDirection };
type ColumnLabel = 'name' | 'type' | 'size' | 'uploaded' | 'expires' | 'downloads' | 'views';

/** A column header that sorts by its column; pressed again, it turns the order round. */
function SortHeader({
  label,
  active,
  dir,
  onSort,
}: {
  label: string;
  active: boolean;
  dir: SortState['dir'];
  onSort: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton onClick={onSort} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        {active ? (
          dir === 'asc' ? (
            <IconChevronUp size={14} aria-hidden />
          ) : (
            <IconChevronDown size={14} aria-hidden />
          )
        ) : (
          <IconArrowsSort size={14} aria-hidden />
        )}
        <VisuallyHidden>{t('admin.common.sortBy')}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}

/** /admin/uploads: every stored file, searched, filtered and sorted by the server, with a real summary. */
export function AdminUploads({ initialSearch }: { initialSearch?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { text, setText, search } = useDebouncedSearch(initialSearch);
  const [type, setType] = useState<FileTypeFilter>('all');
  const [sort, setSort] = useState<SortState>({ key: 'createdAt', dir: 'desc' });
  const [page, setPage] = useState(1);
  const [openShareId, setOpenShareId] = useState<string | null>(null);
  const [takedownTarget, setTakedownTarget] = useState<{ shareId: string; name: string } | null>(null);
  const query: UploadsQuery = { q: search || undefined, type, sort: sort.key, dir: sort.dir, page };
  const uploads = useUploads(query);
  const summary = useUploadsSummary().data;

  const sortBy = (key: UploadsSortKey) => {
    setSort((current) => ({ key, dir: current.key === key && current.dir === 'desc' ? 'asc' : 'desc' }));
    setPage(1);
  };
  const sortable = (
    key: UploadsSortKey,
    label: ColumnLabel,
    cell: Column<AdminFileDto>['cell'],
    tdProps?: Column<AdminFileDto>['tdProps'],
  ): Column<AdminFileDto> => {
    const active = sort.key === key;
    return {
      key,
      header: (
        <SortHeader label={t(`admin.columns.${label}`)} active={active} dir={sort.dir} onSort={() => sortBy(key)} />
      ),
      thProps: { 'aria-sort': active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none' },
      cell,
      tdProps,
    };
  };
  const columns: Column<AdminFileDto>[] = [
    sortable('name', 'name', (f) => f.name, { style: { overflowWrap: 'anywhere', minWidth: 160 } }),
    sortable('type', 'type', (f) => f.type, WRAP_ANYWHERE),
    sortable('size', 'size', (f) => formatBytes(f.size, lang)),
    sortable('createdAt', 'uploaded', (f) => formatDateTime(f.createdAt, lang)),
    sortable('expiresAt', 'expires', (f) => formatDateTime(f.expiresAt, lang)),
    sortable('downloads', 'downloads', (f) => formatCount(f.downloadCount, lang)),
    sortable('views', 'views', (f) => formatCount(f.viewCount, lang)),
    {
      key: 'actions',
      header: <VisuallyHidden>{t('admin.common.actions')}</VisuallyHidden>,
      cell: (f) => (
        <Button size="compact-sm" variant="light" onClick={() => setOpenShareId(f.shareId)}>
          {t('admin.uploads.details')}
          <VisuallyHidden>: {f.name}</VisuallyHidden>
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title={t('admin.uploads.title')} intro={t('admin.uploads.intro')}>
      <Text size="sm" data-testid="admin-encrypted-note">
        {t('admin.uploads.encryptedNote')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatCard
          label={t('admin.uploads.summary.totalFiles')}
          value={summary ? formatCount(summary.totalFiles, lang) : '…'}
          icon={<IconFiles size={20} />}
        />
        <StatCard
          label={t('admin.uploads.summary.expiringSoon')}
          value={summary ? formatCount(summary.expiringSoon, lang) : '…'}
          icon={<IconClockExclamation size={20} />}
        />
        <StatCard
          label={t('admin.uploads.summary.totalSize')}
          value={summary ? formatBytes(summary.totalSize, lang) : '…'}
          icon={<IconDatabase size={20} />}
        />
        <StatCard
          label={t('admin.uploads.summary.totalDownloads')}
          value={summary ? formatCount(summary.totalDownloads, lang) : '…'}
          icon={<IconDownload size={20} />}
        />
      </SimpleGrid>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchField
          label={t('admin.uploads.search')}
          placeholder={t('admin.uploads.searchPlaceholder')}
          value={text}
          onChange={(value) => {
            setText(value);
            setPage(1);
          }}
        />
        <Select
          label={t('admin.uploads.typeFilter')}
          data={FILE_TYPE_FILTERS.map((value) => ({ value, label: t(`admin.uploads.types.${value}`) }))}
          value={type}
          onChange={(value) => {
            setType((value as FileTypeFilter | null) ?? 'all');
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>

      <QueryState isPending={uploads.isPending} error={uploads.data ? null : uploads.error} />
      {uploads.data && (
        <DataTable
          label={t('admin.uploads.title')}
          minWidth={760}
          columns={columns}
          rows={uploads.data.items}
          rowKey={(f) => f.fileId}
          empty={t('admin.uploads.empty')}
          pager={{ page, pageSize: uploads.data.pageSize, total: uploads.data.total, onChange: setPage }}
          tableProps={{ highlightOnHover: true, 'aria-busy': uploads.isFetching }}
        />
      )}

      <FileDetailsDrawer
        shareId={openShareId}
        onClose={() => setOpenShareId(null)}
        onTakeDown={setTakedownTarget}
        onOpenShare={setOpenShareId}
      />
      <TakedownDialog
        target={takedownTarget}
        onClose={() => setTakedownTarget(null)}
        onDone={() => setOpenShareId(null)}
      />
    </AdminPage>
  );
}
