import { Code, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/components/page-section';

/** Download page (/s/$shareId and /share/$shareId). Placeholder until the share feature lands. */
export function DownloadScreen({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  return (
    <PageSection title={t('download.title')} intro={t('download.intro')} size="sm">
      <Text>
        {t('download.shareId')} <Code>{shareId}</Code>
      </Text>
    </PageSection>
  );
}
