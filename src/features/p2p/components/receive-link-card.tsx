import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NativeShareButton } from '@/components/share-actions/native-share-button';
import { ShareQrButton } from '@/components/share-actions/share-qr-button';
import { useCopyLink } from '@/components/share-actions/use-copy-link';

/** The receive link with Copy, a QR code and the system share sheet. */
export function ReceiveLinkCard({ link, fileCount }: { link: string | undefined; fileCount: number }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyLink();
  const name = t('p2p.send.qrName', { count: fileCount });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="p2p-link-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="p2p-link-title">
          {t('p2p.send.linkTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('p2p.send.linkHint')}
        </Text>
        {link === undefined ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('p2p.send.preparing')}</Text>
          </Group>
        ) : (
          <>
            <Anchor
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              ff="monospace"
              data-testid="p2p-receive-link"
              aria-label={`${t('p2p.send.linkLabel')}: ${link}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {link}
            </Anchor>
            <Group gap="xs">
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                onClick={() => void copy(link)}
              >
                {copied ? t('p2p.send.copied') : t('p2p.send.copy')}
              </Button>
              <ShareQrButton url={link} fileName={name} />
              <NativeShareButton
                message={{ subject: t('p2p.send.shareSubject'), text: t('p2p.send.shareText', { url: link }) }}
                fileName={name}
              />
            </Group>
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm">{t('p2p.send.waiting')}</Text>
            </Group>
            <VisuallyHidden role="status" aria-live="polite">
              {copied ? t('p2p.send.copiedAnnouncement') : ''}
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
