import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DailyFiguresDto } from '@domain/admin-api-types';
import { formatBytes } from '@domain/format-bytes';
import { formatBytesShort, formatDay } from '../utils/format';

/**
 * Uploads and downloads per day, and storage used, with Mantine's charts. In a chunk of its own
 * (charts pull in recharts): only the dashboard and the analytics screen load it.
 */
export function DailyCharts({ days }: { days: DailyFiguresDto[] }) {
  const { t, i18n } = useTranslation();
  const data = days.map((d) => ({
    day: formatDay(d.date, i18n.language),
    uploads: d.uploads,
    downloads: d.downloads,
    storage: d.storageBytes,
  }));
  const uploadsLabel = t('admin.charts.uploads');
  const downloadsLabel = t('admin.charts.downloads');
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby="chart-activity-title">
        <Title order={2} fz="h5" id="chart-activity-title" mb="sm">
          {t('admin.charts.activityTitle', { count: days.length })}
        </Title>
        <BarChart
          h={220}
          data={data}
          dataKey="day"
          series={[
            { name: 'uploads', label: uploadsLabel, color: 'blue.6' },
            { name: 'downloads', label: downloadsLabel, color: 'teal.6' },
          ]}
          withLegend
          tickLine="y"
          gridAxis="y"
          yAxisProps={{ allowDecimals: false, width: 32 }}
        />
        <Text component="figcaption" size="xs" c="dimmed" mt="xs">
          {t('admin.charts.activityCaption')}
        </Text>
      </Card>
      <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby="chart-storage-title">
        <Title order={2} fz="h5" id="chart-storage-title" mb="sm">
          {t('admin.charts.storageTitle')}
        </Title>
        <AreaChart
          h={220}
          data={data}
          dataKey="day"
          series={[{ name: 'storage', label: t('admin.charts.storage'), color: 'violet.6' }]}
          connectNulls
          curveType="linear"
          tickLine="y"
          gridAxis="y"
          valueFormatter={(value) => formatBytes(value, i18n.language)}
          yAxisProps={{
            width: 56,
            tickFormatter: (value: number) => formatBytesShort(value, i18n.language),
            // Given a width, recharts breaks a label at its spaces ("12.87" over "MB"); without, one line.
            tick: { transform: 'translate(-10, 0)', fontSize: 12, fill: 'currentColor', width: 0 },
          }}
        />
        <Text component="figcaption" size="xs" c="dimmed" mt="xs">
          {t('admin.charts.storageCaption')}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
