import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The app icon and the product name; the icon is decorative next to the name. */
export function BrandLogo() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/icons/icon.svg" alt="" width={28} height={28} />
      <Text component="span" fw={800} fz="lg">
        {t('common.productName')}
      </Text>
    </Group>
  );
}
