import { lazy, Suspense, useState } from 'react';
import { Loader, SegmentedControl, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { ANALYTICS_PERIODS, useAnalytics, type AnalyticsPeriod } from '../api/get-analytics';
import { formatCount, formatDateTime, formatDay } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { ScrollTable } from './scroll-table';

const DailyCharts = lazy(() => import('./daily-charts').then((m) => ({ default: m.DailyCharts })));

/** /admin/analytics: the daily figures (uploads, downloads, bytes, visitors, storage), charted and listed. */
export function AdminAnalytics() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const analytics = useAnalytics(days);
  const data = analytics.data;
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
          <ScrollTable label={t('admin.analytics.title')} minWidth={640}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.analytics.day')}</Table.Th>
                  <Table.Th>{t('admin.charts.uploads')}</Table.Th>
                  <Table.Th>{t('admin.charts.downloads')}</Table.Th>
                  <Table.Th>{t('admin.analytics.bytesUploaded')}</Table.Th>
                  <Table.Th>{t('admin.analytics.bytesDownloaded')}</Table.Th>
                  <Table.Th>{t('admin.analytics.visitors')}</Table.Th>
                  <Table.Th>{t('admin.charts.storage')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...data.days].reverse().map((d) => (
                  <Table.Tr key={d.date}>
                    <Table.Td>{formatDay(d.date, lang)}</Table.Td>
                    <Table.Td>{formatCount(d.uploads, lang)}</Table.Td>
                    <Table.Td>{formatCount(d.downloads, lang)}</Table.Td>
                    <Table.Td>{formatBytes(d.bytesUploaded, lang)}</Table.Td>
                    <Table.Td>{formatBytes(d.bytesDownloaded, lang)}</Table.Td>
                    <Table.Td>{formatCount(d.uniqueVisitors, lang)}</Table.Td>
                    <Table.Td>{d.storageBytes === null ? '—' : formatBytes(d.storageBytes, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </AdminPage>
  );
}
