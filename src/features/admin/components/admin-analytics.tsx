import { lazy, Suspense, useState } from 'react';
import { Loader, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, type DailyFiguresDto } from '@domain/admin-api-types';
import { formatBytes } from '@domain/format-bytes';
import { useAnalytics } from '../api/get-analytics';
import { formatCount, formatDateTime, formatDay } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { DataTable, type Column } from './data-table';

const DailyCharts = lazy(() => import('./daily-charts').then((m) => ({ default: m.DailyCharts })));

/** /admin/analytics: the daily figures (uploads, downloads, bytes, visitors, storage), charted and listed. */
export function AdminAnalytics() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const analytics = useAnalytics(days);
  const data = analytics.data;
  const columns: Column<DailyFiguresDto>[] = [
    { key: 'day', header: t('admin.analytics.day'), cell: (d) => formatDay(d.date, lang) },
    { key: 'uploads', header: t('admin.charts.uploads'), cell: (d) => formatCount(d.uploads, lang) },
    { key: 'downloads', header: t('admin.charts.downloads'), cell: (d) => formatCount(d.downloads, lang) },
    { key: 'bytesUp', header: t('admin.analytics.bytesUploaded'), cell: (d) => formatBytes(d.bytesUploaded, lang) },
    {
      key: 'bytesDown',
      header: t('admin.analytics.bytesDownloaded'),
      cell: (d) => formatBytes(d.bytesDownloaded, lang),
    },
    { key: 'visitors', header: t('admin.analytics.visitors'), cell: (d) => formatCount(d.uniqueVisitors, lang) },
    {
      key: 'storage',
      header: t('admin.charts.storage'),
      cell: (d) => (d.storageBytes === null ? '—' : formatBytes(d.storageBytes, lang)),
    },
  ];
  return (
    <AdminPage
      title={t('admin.analytics.title')}
      intro={t('admin.analytics.intro')}
      aside={
        <SegmentedControl
          aria-label={t('admin.analytics.period')}
          value={String(days)}
          onChange={(value) => setDays(Number(value) as AnalyticsPeriod)}
          data={ANALYTICS_PERIODS.map((d) => ({ value: String(d), label: t('admin.analytics.days', { count: d }) }))}
        />
      }
    >
      <QueryState isPending={analytics.isPending} error={data ? null : analytics.error} />
      {data && (
        <>
          <Text size="sm" c="dimmed">
            {t('admin.common.updatedAt', { time: formatDateTime(data.updatedAt, lang) })}
          </Text>
          <Suspense fallback={<Loader size="sm" />}>
            <DailyCharts days={data.days} />
          </Suspense>
          <DataTable
            label={t('admin.analytics.title')}
            minWidth={640}
            columns={columns}
            rows={[...data.days].reverse()}
            rowKey={(d) => d.date}
          />
        </>
      )}
    </AdminPage>
  );
}
