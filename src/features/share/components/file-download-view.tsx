import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCalendarX, IconDownload, IconFile, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '@domain/constants';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import { useExpiry } from '@/components/share-actions/use-expiry';
import { deletionDateFormat } from '@/components/share-actions/use-share-message';
import { ApiError } from '@/lib/supabase';
import type { ShareDto } from '@domain/api-types';
import { useRequestDownload } from '../api/request-download';
import { startBrowserDownload } from '@/lib/start-browser-download';

// A 404 turns the whole page into 'File Not Found' (the share query is fetched again); no banner.
function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function shareUrlOf(shareId: string): string {
  return `${window.location.origin}/s/${shareId}`;
}

function Detail({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} c={color}>
        {value}
      </Text>
    </Stack>
  );
}

/** The download page's normal view: what the file is, how long it stays, share it, download it. */
export function FileDownloadView({ share }: { share: ShareDto }) {
  const { t, i18n } = useTranslation();
  const expiry = useExpiry(share.expiresAt);
  const download = useRequestDownload(share.shareId);
  const uploaded = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const busy = download.isPending;

  const onDownload = () => {
    if (busy) return;
    download.mutate(undefined, { onSuccess: (ticket) => startBrowserDownload(ticket.url, ticket.fileName) });
  };

  return (
    <Container size="sm" py="md">
      <Card withBorder shadow="sm" radius="lg" padding="lg">
        <Stack gap="lg">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              <IconFile size={28} />
            </ThemeIcon>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                {t('download.sharedWithYou')}
              </Text>
              <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
                {share.name}
              </Title>
            </Stack>
          </Group>

          {expiry.urgent && (
            <Alert
              color="red"
              variant="filled"
              icon={<IconAlertTriangle size={20} aria-hidden />}
              title={t('download.urgent.title')}
            >
              {t('download.urgent.text', { timeLeft: expiry.label })}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Detail label={t('download.details.size')} value={formatBytes(share.size, i18n.language)} />
            <Detail label={t('download.details.uploaded')} value={uploaded.format(new Date(share.createdAt))} />
            <Detail
              label={t('download.details.timeLeft')}
              value={expiry.label}
              color={expiry.urgent ? 'red' : undefined}
            />
          </SimpleGrid>

          {share.expiresAt !== null && (
            <Alert color="yellow" variant="light" role="note" icon={<IconCalendarX size={20} aria-hidden />}>
              {t('download.expiryNotice', { date: deletionDateFormat.format(new Date(share.expiresAt)) })}
            </Alert>
          )}

          <ShareActions url={shareUrlOf(share.shareId)} fileName={share.name} expiresAt={share.expiresAt} />

          <Stack gap="xs">
            <Button
              size="lg"
              fullWidth
              onClick={onDownload}
              data-disabled={busy || undefined}
              aria-busy={busy}
              leftSection={
                busy ? <Loader size="sm" color="white" aria-hidden /> : <IconDownload size={22} aria-hidden />
              }
            >
              {busy ? t('download.downloading') : t('download.download')}
            </Button>
            {download.isError && !isGone(download.error) && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
                {t('download.downloadFailed')}
              </Alert>
            )}
          </Stack>

          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconShieldLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="dimmed">
              {t('download.footerNote', { count: RETENTION_DAYS })}
            </Text>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
