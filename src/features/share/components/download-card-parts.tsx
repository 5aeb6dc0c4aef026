import type { ReactNode } from 'react';
import { Alert, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '@/components/local-time';
import { useExpiry } from '@/components/share-actions/use-expiry';

// The parts a file's page and a transfer's page share: the heading, the red banner of a share
// about to go, and the size and dates. When the share goes is said once: beside the time left, or,
// near the end, by the red banner alone.

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

/** A limited link: how many downloads are left before it stops working (none shown without a limit). */
export function DownloadsLeftNote({ left }: { left: number | null | undefined }) {
  const { t } = useTranslation();
  if (left === null || left === undefined) return null;
  return (
    <Text size="sm" fw={500} c="orange" role="note" data-testid="downloads-left">
      {t('download.downloadsLeft', { count: left })}
    </Text>
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

/** One fact (size, uploaded, time left): a small label above its value, and a caption under it. */
function Detail({
  label,
  value,
  color,
  caption,
}: {
  label: string;
  value: ReactNode;
  color?: string;
  caption?: ReactNode;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} c={color}>
        {value}
      </Text>
      {caption !== undefined && (
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      )}
    </Stack>
  );
}

/** Stands in the translated sentence where the date element goes. */
const DATE_SLOT = '\u0000date\u0000';

/** 'Deleted on November 26, 2026 at 7:04 AM', the date in the reader's zone. */
function DeletedOn({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const [before = '', after = ''] = t('download.details.deletedOn', { date: DATE_SLOT }).split(DATE_SLOT);
  return (
    <>
      {before}
      <LocalTime value={expiresAt} length="long" />
      {after}
    </>
  );
}

/** Size, upload date and time left, with the deletion date under it unless the red banner says it. */
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
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Detail label={sizeLabel} value={size} />
      <Detail label={t('download.details.uploaded')} value={<LocalTime value={createdAt} />} />
      <Detail
        label={t('download.details.timeLeft')}
        value={expiry.label}
        color={expiry.urgent ? 'red' : undefined}
        caption={expiresAt !== null && !expiry.urgent ? <DeletedOn expiresAt={expiresAt} /> : undefined}
      />
    </SimpleGrid>
  );
}
