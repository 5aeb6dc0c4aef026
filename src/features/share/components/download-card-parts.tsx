import type { ReactNode } from 'react';
import { Alert, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarX, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '@domain/constants';
import { useExpiry } from '@/components/share-actions/use-expiry';
import { useFormatDate } from '@/lib/format-date';

// The parts a file's page and a transfer's page share: the heading, the red banner of a share
// about to go, the size and dates, the deletion notice and the retention note.

export function DownloadHeading({ icon, caption, title }: { icon: ReactNode; caption: string; title: string }) {
  return (
    <Group wrap="nowrap" align="flex-start">
      <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
        <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      </Stack>
    </Group>
  );
}

/** Under a day left: the red URGENT banner. */
export function UrgentBanner({ expiresAt }: { expiresAt: string | null }) {
  const { t } = useTranslation();
  const expiry = useExpiry(expiresAt);
  if (!expiry.urgent) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('download.urgent.title')}
    >
      {t('download.urgent.text', { timeLeft: expiry.label })}
    </Alert>
  );
}

/** One fact (size, uploaded, time left): a small label above its value. */
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

/** Size, upload date and time left, then when it is deleted. */
export function ShareFacts({
  sizeLabel,
  size,
  createdAt,
  expiresAt,
}: {
  sizeLabel: string;
  size: string;
  createdAt: string;
  expiresAt: string | null;
}) {
  const { t } = useTranslation();
  const expiry = useExpiry(expiresAt);
  const formatDate = useFormatDate();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Detail label={sizeLabel} value={size} />
        <Detail label={t('download.details.uploaded')} value={formatDate(createdAt)} />
        <Detail label={t('download.details.timeLeft')} value={expiry.label} color={expiry.urgent ? 'red' : undefined} />
      </SimpleGrid>
      {expiresAt !== null && (
        <Alert color="yellow" variant="light" role="note" icon={<IconCalendarX size={20} aria-hidden />}>
          {t('download.expiryNotice', { date: formatDate(expiresAt, 'long') })}
        </Alert>
      )}
    </>
  );
}

export function RetentionNote() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconShieldLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" c="dimmed">
        {t('download.footerNote', { count: RETENTION_DAYS })}
      </Text>
    </Group>
  );
}
