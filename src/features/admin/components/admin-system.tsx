import { useState } from 'react';
import { Badge, Card, Code, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceCheckDto, SystemLogDto } from '@domain/admin-api-types';
import { useSystem } from '../api/get-system';
import { useSystemLogs } from '../api/get-system-logs';
import { formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { DataTable, WRAP_ANYWHERE, type Column } from './data-table';

const SERVICES = ['database', 'storage', 'mail', 'peer'] as const;

export function ServiceCard({ name, check }: { name: (typeof SERVICES)[number]; check: ServiceCheckDto }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`service-${name}`}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="h5" id={`service-${name}`}>
          {t(`admin.system.services.${name}`)}
        </Title>
        <Badge color={check.ok ? 'teal.9' : check.warning ? 'yellow.4' : 'red.9'} variant="filled" autoContrast>
          {t(check.ok ? 'admin.system.ok' : check.warning ? 'admin.system.warning' : 'admin.system.down')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {name === 'peer' && check.status === 'ok'
          ? t('admin.system.peers', { count: Number(check.detail ?? 0) })
          : t(`admin.system.status.${check.status}`, { defaultValue: check.detail ?? check.status })}
      </Text>
    </Card>
  );
}

/** /admin/system: health of the database, storage, mail and peer server, version, last sweep, system log. */
export function AdminSystem() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const system = useSystem();
  const [type, setType] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const logs = useSystemLogs(type ?? '', page);
  const s = system.data;
  const logColumns: Column<SystemLogDto>[] = [
    { key: 'when', header: t('admin.system.when'), cell: (log) => formatDateTime(log.createdAt, lang) },
    { key: 'event', header: t('admin.system.event'), cell: (log) => <Code>{log.eventType}</Code> },
    {
      key: 'data',
      header: t('admin.system.data'),
      cell: (log) => <Code>{JSON.stringify(log.eventData)}</Code>,
      tdProps: WRAP_ANYWHERE,
    },
    {
      key: 'visitor',
      header: t('admin.columns.visitor'),
      cell: (log) => log.visitor ?? '—',
      tdProps: { ff: 'monospace' },
    },
  ];
  return (
    <AdminPage title={t('admin.system.title')} intro={t('admin.system.intro')}>
      <QueryState isPending={system.isPending} error={system.error} />
      {s && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {SERVICES.map((name) => (
              <ServiceCard key={name} name={name} check={s[name]} />
            ))}
          </SimpleGrid>
          <Group gap="xl">
            <Text size="sm">
              {t('admin.system.version')}: <Code>{s.version}</Code>
            </Text>
            <Text size="sm">
              {s.lastSweep
                ? t('admin.system.lastSweep', {
                    time: formatDateTime(s.lastSweep.at, lang),
                    deleted: s.lastSweep.deletedFiles,
                    aborted: s.lastSweep.abortedUploads,
                  })
                : t('admin.system.noSweep')}
            </Text>
          </Group>
        </>
      )}
      <Stack gap="sm" component="section" aria-labelledby="system-logs-title">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="h4" id="system-logs-title">
            {t('admin.system.logs')}
          </Title>
          <Select
            label={t('admin.system.eventType')}
            placeholder={t('admin.system.allEvents')}
            data={logs.data?.eventTypes ?? []}
            value={type}
            onChange={(value) => {
              setType(value);
              setPage(1);
            }}
            clearable
            w={220}
          />
        </Group>
        <QueryState isPending={logs.isPending} error={logs.data ? null : logs.error} />
        {logs.data && (
          <DataTable
            label={t('admin.system.logs')}
            minWidth={560}
            columns={logColumns}
            rows={logs.data.items}
            rowKey={(log) => log.id}
            pager={{ page, pageSize: logs.data.pageSize, total: logs.data.total, onChange: setPage }}
          />
        )}
      </Stack>
    </AdminPage>
  );
}
