import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, type ReportReason } from '@domain/api-types';
import { REPORT_DETAILS_MAX_LENGTH } from '@domain/constants';
import { DialogActions } from '@/components/dialog-actions';
import { RequestError } from '@/components/request-error';
import { useReportShare } from '../api/report-share';

/** "Report this file": a reason, an optional text, sent to the administrator (rate limited per visitor). */
export function ReportFileDialog({ shareId, onClose }: { shareId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useReportShare(shareId);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  return (
    <Modal opened onClose={onClose} title={t('download.report.title')} centered>
      {report.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {t('download.report.sent')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('download.report.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason === null) {
              setMissingReason(true);
              return;
            }
            report.mutate({ reason, ...(text.trim() ? { text: text.trim() } : {}) });
          }}
        >
          <Stack gap="md">
            <Radio.Group
              label={t('download.report.reason')}
              required
              value={reason}
              onChange={(value) => {
                setReason(value as ReportReason);
                setMissingReason(false);
              }}
              error={missingReason ? t('download.report.reasonRequired') : undefined}
            >
              <Stack gap={6} mt="xs">
                {REPORT_REASONS.map((r) => (
                  <Radio key={r} value={r} label={t(`download.report.reasons.${r}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('download.report.details')}
              description={t('download.report.detailsHint', { max: REPORT_DETAILS_MAX_LENGTH })}
              maxLength={REPORT_DETAILS_MAX_LENGTH}
              autosize
              minRows={2}
              maxRows={6}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <RequestError error={report.error} />
            <DialogActions onCancel={onClose} submitLabel={t('download.report.submit')} pending={report.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
