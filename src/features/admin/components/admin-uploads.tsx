import { useState } from 'react';
import {
  Button,
  Group,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconChevronDown,
  IconChevronUp,
  IconClockExclamation,
  IconDatabase,
  IconDownload,
  IconFiles,
  IconSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { useUploads } from '../api/get-uploads';
import { useUploadsSummary } from '../api/get-uploads-summary';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import type { UploadsQuery } from '../keys';
import { formatCount, formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { ScrollTable } from './scroll-table';
import { FileDetailsDrawer } from './file-details-drawer';
import { StatCard } from './stat-card';
import { TablePager } from './table-pager';
import { TakedownDialog } from './takedown-dialog';

type SortKey = NonNullable<UploadsQuery['sort']>;
type TypeFilter = NonNullable<UploadsQuery['type']>;
const TYPE_FILTERS: TypeFilter[] = ['all', 'images', 'documents', 'videos'];

const COLUMNS: { key: SortKey; labelKey: 'name' | 'type' | 'size' | 'uploaded' | 'expires' | 'downloads' | 'views' }[] =
  [
    { key: 'name', labelKey: 'name' },
    { key: 'type', labelKey: 'type' },
    { key: 'size', labelKey: 'size' },
    { key: 'createdAt', labelKey: 'uploaded' },
    { key: 'expiresAt', labelKey: 'expires' },
    { key: 'downloads', labelKey: 'downloads' },
    { key: 'views', labelKey: 'views' },
  ];

/** /admin/uploads: every stored file, searched, filtered and sorted by the server, with a real summary. */
export function AdminUploads() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { text, setText, search } = useDebouncedSearch();
  const [type, setType] = useState<TypeFilter>('all');
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({ key: 'createdAt', dir: 'desc' });
  const [page, setPage] = useState(1);
  const [openShareId, setOpenShareId] = useState<string | null>(null);
  const [takedownTarget, setTakedownTarget] = useState<{ shareId: string; name: string } | null>(null);
  const query: UploadsQuery = { q: search || undefined, type, sort: sort.key, dir: sort.dir, page };
  const uploads = useUploads(query);
  const summary = useUploadsSummary().data;

  const sortBy = (key: SortKey) => {
    setSort((current) => ({ key, dir: current.key === key && current.dir === 'desc' ? 'asc' : 'desc' }));
    setPage(1);
  };

  return (
    <AdminPage title={t('admin.uploads.title')} intro={t('admin.uploads.intro')}>
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
        <TextInput
          label={t('admin.uploads.search')}
          placeholder={t('admin.uploads.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
          type="search"
        />
        <Select
          label={t('admin.uploads.typeFilter')}
          data={TYPE_FILTERS.map((value) => ({ value, label: t(`admin.uploads.types.${value}`) }))}
          value={type}
          onChange={(value) => {
            setType((value as TypeFilter | null) ?? 'all');
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>

      <QueryState isPending={uploads.isPending} error={uploads.data ? null : uploads.error} />
      {uploads.data && (
        <>
          <ScrollTable label={t('admin.uploads.title')} minWidth={760}>
            <Table striped highlightOnHover fz="sm" aria-busy={uploads.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map(({ key, labelKey }) => {
                    const active = sort.key === key;
                    return (
                      <Table.Th
                        key={key}
                        aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                      >
                        <UnstyledButton onClick={() => sortBy(key)} fw={600} fz="sm">
                          <Group gap={4} wrap="nowrap">
                            {t(`admin.columns.${labelKey}`)}
                            {active ? (
                              sort.dir === 'asc' ? (
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
                      </Table.Th>
                    );
                  })}
                  <Table.Th>
                    <VisuallyHidden>{t('admin.common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {uploads.data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS.length + 1}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('admin.uploads.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {uploads.data.items.map((f) => (
                  <Table.Tr key={f.fileId}>
                    <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 160 }}>{f.name}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{f.type}</Table.Td>
                    <Table.Td>{formatBytes(f.size, lang)}</Table.Td>
                    <Table.Td>{formatDateTime(f.createdAt, lang)}</Table.Td>
                    <Table.Td>{formatDateTime(f.expiresAt, lang)}</Table.Td>
                    <Table.Td>{formatCount(f.downloadCount, lang)}</Table.Td>
                    <Table.Td>{formatCount(f.viewCount, lang)}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="light" onClick={() => setOpenShareId(f.shareId)}>
                        {t('admin.uploads.details')}
                        <VisuallyHidden>: {f.name}</VisuallyHidden>
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <TablePager page={page} pageSize={uploads.data.pageSize} total={uploads.data.total} onChange={setPage} />
        </>
      )}

      <FileDetailsDrawer shareId={openShareId} onClose={() => setOpenShareId(null)} onTakeDown={setTakedownTarget} />
      <TakedownDialog
        target={takedownTarget}
        onClose={() => setTakedownTarget(null)}
        onDone={() => setOpenShareId(null)}
      />
    </AdminPage>
  );
}
