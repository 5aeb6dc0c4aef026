import { lazy, Suspense } from 'react';
import { Card, Grid, Group, List, ListItem, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconDatabase, IconDownload, IconFileCheck, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DownloadLogDto } from '@domain/admin-api-types';
import { formatBytes } from '@domain/format-bytes';
import { useDashboard } from '../api/get-dashboard';
import { formatCount, formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { DataTable, WRAP_ANYWHERE, type Column } from './data-table';
import { StatCard } from './stat-card';

const DailyCharts = lazy(() => import('./daily-charts').then((m) => ({ default: m.DailyCharts })));

/** /admin: SPEC's six cards, the top-5 countries, the 20 latest downloads and the daily charts. */
export function AdminDashboard() {
  const { t, i18n } = useTranslation();
  const dashboard = useDashboard();
  const d = dashboard.data;
  const lang = i18n.language;
  const recentColumns: Column<DownloadLogDto>[] = [
    {
      key: 'file',
      header: t('admin.columns.file'),
      cell: (row) => row.fileName ?? row.shareId,
      tdProps: WRAP_ANYWHERE,
    },
    { key: 'country', header: t('admin.columns.country'), cell: (row) => row.country },
    { key: 'at', header: t('admin.columns.downloadedAt'), cell: (row) => formatDateTime(row.downloadedAt, lang) },
  ];
  return (
    <AdminPage
      title={t('admin.dashboard.title')}
      intro={t('admin.dashboard.intro')}
      aside={
        d && (
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {t('admin.common.updatedAt', { time: formatDateTime(d.updatedAt, lang) })}
          </Text>
        )
      }
    >
      <QueryState isPending={dashboard.isPending} error={d ? null : dashboard.error} />
      {d && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="dashboard-cards">
            <StatCard
              label={t('admin.dashboard.cards.totalUploads')}
              value={formatCount(d.totalUploads, lang)}
              icon={<IconCloudUpload size={20} />}
            />
            <StatCard
              label={t('admin.dashboard.cards.activeUploads')}
              value={formatCount(d.activeUploads, lang)}
              icon={<IconFileCheck size={20} />}
            />
            <StatCard
              label={t('admin.dashboard.cards.totalDownloads')}
              value={formatCount(d.totalDownloads, lang)}
              icon={<IconDownload size={20} />}
            />
            <StatCard
              label={t('admin.dashboard.cards.uploadsDestroyed')}
              value={formatCount(d.uploadsDestroyed, lang)}
              icon={<IconTrash size={20} />}
            />
            <StatCard
              label={t('admin.dashboard.cards.storageUsed')}
              value={formatBytes(d.storageUsed, lang)}
              icon={<IconDatabase size={20} />}
            />
            <StatCard
              label={t('admin.dashboard.cards.uniqueVisitors')}
              value={formatCount(d.uniqueVisitors, lang)}
              icon={<IconUsers size={20} />}
              hint={t('admin.dashboard.cards.uniqueVisitorsHint')}
            />
          </SimpleGrid>

          <Suspense fallback={<Loader size="sm" />}>
            <DailyCharts days={d.daily} />
          </Suspense>

          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card
                withBorder
                radius="md"
                padding="md"
                component="section"
                aria-labelledby="top-countries-title"
                h="100%"
              >
                <Title order={2} fz="h5" id="top-countries-title" mb="sm">
                  {t('admin.dashboard.topCountries')}
                </Title>
                {d.topCountries.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('admin.dashboard.noDownloads')}
                  </Text>
                ) : (
                  <List listStyleType="decimal" spacing={4}>
                    {d.topCountries.map((c) => (
                      <ListItem key={c.country}>
                        <Group justify="space-between" gap="xs" wrap="nowrap">
                          <Text size="sm">{c.country}</Text>
                          <Text size="sm" fw={600}>
                            {formatCount(c.downloadCount, lang)}
                          </Text>
                        </Group>
                      </ListItem>
                    ))}
                  </List>
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card withBorder radius="md" padding="md" component="section" aria-labelledby="recent-downloads-title">
                <Title order={2} fz="h5" id="recent-downloads-title" mb="sm">
                  {t('admin.dashboard.recentDownloads')}
                </Title>
                {d.recentDownloads.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('admin.dashboard.noDownloads')}
                  </Text>
                ) : (
                  <DataTable
                    label={t('admin.dashboard.recentDownloads')}
                    minWidth={420}
                    columns={recentColumns}
                    rows={d.recentDownloads}
                    rowKey={(row) => row.id}
                  />
                )}
              </Card>
            </Grid.Col>
          </Grid>
        </>
      )}
    </AdminPage>
  );
}
