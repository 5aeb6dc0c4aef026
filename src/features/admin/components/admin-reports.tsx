import { useState } from 'react';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconFileSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUS_FILTERS, type ReportStatusFilter } from '@domain/admin-api-types';
import { RequestError } from '@/components/request-error';
import { useDismissReport } from '../api/dismiss-report';
import { useReports } from '../api/get-reports';
import { formatDateTime } from '../utils/format';
import { AdminPage, QueryState } from './admin-page';
import { FileDetailsDrawer } from './file-details-drawer';
import { TablePager } from './table-pager';
import { TakedownDialog } from './takedown-dialog';

/** /admin/reports: what visitors reported with "Report this file", with a one-click takedown and dismiss. */
export function AdminReports() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [status, setStatus] = useState<ReportStatusFilter>('open');
  const [page, setPage] = useState(1);
  const reports = useReports({ status, page });
  const dismiss = useDismissReport();
  const [takedownTarget, setTakedownTarget] = useState<{ shareId: string; name: string } | null>(null);
  const [openShareId, setOpenShareId] = useState<string | null>(null);
  const data = reports.data;
  return (
    <AdminPage
      title={t('admin.reports.title')}
      intro={t('admin.reports.intro')}
      aside={
        <SegmentedControl
          aria-label={t('admin.reports.status')}
          value={status}
          onChange={(value) => {
            setStatus(value as ReportStatusFilter);
            setPage(1);
          }}
          data={REPORT_STATUS_FILTERS.map((s) => ({ value: s, label: t(`admin.reports.statuses.${s}`) }))}
        />
      }
    >
      <RequestError error={dismiss.error} />
      <QueryState isPending={reports.isPending} error={data ? null : reports.error} />
      {data && data.items.length === 0 && <Text c="dimmed">{t('admin.reports.empty')}</Text>}
      {data && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.items.map((r) => (
            <Card key={r.id} component="li" withBorder radius="md" padding="md" data-testid="report">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.fileName ?? r.shareId}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="filled" color="orange" autoContrast>
                      {t(`download.report.reasons.${r.reason}`)}
                    </Badge>
                    <Text size="xs" fw={700} tt="uppercase">
                      {t(`admin.reports.statuses.${r.status}`)}
                    </Text>
                  </Group>
                </Group>
                {r.details && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {r.details}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t('admin.reports.meta', { shareId: r.shareId, time: formatDateTime(r.createdAt, lang) })}
                  {r.resolvedBy &&
                    ` · ${t('admin.reports.resolved', { who: r.resolvedBy, time: formatDateTime(r.resolvedAt, lang) })}`}
                </Text>
                <Group gap="xs">
                  {r.fileAvailable && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconFileSearch size={14} aria-hidden />}
                      onClick={() => setOpenShareId(r.shareId)}
                    >
                      {t('admin.uploads.details')}
                      <VisuallyHidden>: {r.fileName ?? r.shareId}</VisuallyHidden>
                    </Button>
                  )}
                  {r.status === 'open' && (
                    <>
                      <Button
                        size="xs"
                        color="red.9"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        disabled={!r.fileAvailable}
                        onClick={() => setTakedownTarget({ shareId: r.shareId, name: r.fileName ?? r.shareId })}
                      >
                        {t('admin.takedown.open')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconCheck size={14} aria-hidden />}
                        loading={dismiss.isPending && dismiss.variables === r.id}
                        onClick={() => dismiss.mutate(r.id)}
                      >
                        {t('admin.reports.dismiss')}
                      </Button>
                    </>
                  )}
                  {!r.fileAvailable && (
                    <Text size="xs" c="dimmed">
                      {t('admin.reports.fileGone')}
                    </Text>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {data && data.total > data.pageSize && (
        <TablePager page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
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
