import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '@domain/constants';

/** The Home upload card (SPEC §2 Home). Placeholder until the upload feature lands. */
export function UploadCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder shadow="sm" padding="lg" radius="lg" component="section" aria-labelledby="upload-card-title">
      <Stack gap="md">
        <Title order={2} id="upload-card-title" fz="h3">
          {t('upload.card.title')}
        </Title>
        <Text c="dimmed">{t('upload.card.placeholder')}</Text>
        <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} />}>
          {t('upload.card.autoDeleteNote', { count: RETENTION_DAYS })}
        </Alert>
      </Stack>
    </Card>
  );
}
