import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShare, IconUpload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { FileSummary } from '@/components/file-summary';
import { PageSection } from '@/components/page-section';
import { EmptyState, LoadingState } from '@/components/screen-states';
import { describeError } from '@/lib/api/failure';
import { FileTypeIcon } from '@/components/file-type-icon';
import { useDiscardShared, useSharedItems, useUploadShared } from '../api/shared-items';

/**
 * /shared: the files another app shared to this one (Web Share Target), ready to upload with one
 * tap. The upload then runs in the queue, and Transfers shows it. The worker cannot always tell a
 * share by the system from a website's form (sw/share-target.ts), so the list says where files may
 * have come from; `refused` says a website's files were turned away.
 */
export function SharedScreen({ refused = false }: { refused?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shared = useSharedItems();
  const upload = useUploadShared();
  const discard = useDiscardShared();
  const items = shared.data ?? [];
  const files = items.flatMap((item) => item.files.map((file, index) => ({ key: `${item.id}:${index}`, file })));
  const texts = items.flatMap((item) =>
    [item.title, item.text, item.url]
      .filter((value): value is string => value !== null)
      .map((value, index) => ({
        key: `${item.id}:text:${index}`,
        value,
      })),
  );

  let content;
  if (shared.isPending) {
    content = <LoadingState label={t('shared.loading')} />;
  } else if (files.length === 0) {
    content = (
      <EmptyState
        icon={<IconShare size={48} stroke={1.4} aria-hidden />}
        text={t('shared.empty')}
        action={t('shared.goHome')}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {t('shared.caution')}
        </Alert>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('shared.listLabel')}>
          {files.map(({ key, file }) => (
            <Paper component="li" key={key} withBorder radius="md" p="sm" aria-label={file.name}>
              <Group gap="sm" wrap="nowrap">
                <FileTypeIcon type={file.type} />
                <FileSummary name={file.name} size={file.size} truncate />
              </Group>
            </Paper>
          ))}
        </Stack>
        {texts.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('shared.sharedText')}
            </Text>
            {texts.map(({ key, value }) => (
              <Text key={key} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            ))}
          </Stack>
        )}
        {upload.isError && <ErrorAlert>{t('shared.failed', { error: describeError(t, upload.error) })}</ErrorAlert>}
        <Group gap="sm" grow>
          <Button
            size="md"
            leftSection={<IconUpload size={18} aria-hidden />}
            loading={upload.isPending}
            disabled={discard.isPending}
            onClick={() =>
              upload.mutate(items, {
                onSuccess: () => void navigate({ to: '/upload' }),
              })
            }
          >
            {t('shared.upload', { count: files.length })}
          </Button>
          <Button
            size="md"
            variant="default"
            loading={discard.isPending}
            disabled={upload.isPending}
            onClick={() => discard.mutate(items)}
          >
            {t('shared.discard')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <PageSection title={t('shared.title')} intro={t('shared.intro')}>
      <Stack gap="md">
        {refused && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {t('shared.refused')}
          </Alert>
        )}
        {content}
      </Stack>
    </PageSection>
  );
}
