import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportDto } from '@domain/admin-api-types';
import { formatDateTime } from '../utils/format';

/** A share's reports, as its details list them. */
export function ShareReports({ reports }: { reports: readonly ReportDto[] }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Title order={3} fz="h5">
        {t('admin.details.reports')}
      </Title>
      {reports.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.details.noReports')}
        </Text>
      ) : (
        reports.map((r) => (
          <Stack key={r.id} gap={2}>
            <Group gap="xs">
              <Badge variant="light">{t(`download.report.reasons.${r.reason}`)}</Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.createdAt, i18n.language)}
              </Text>
            </Group>
            {r.details && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {r.details}
              </Text>
            )}
          </Stack>
        ))
      )}
    </>
  );
}
