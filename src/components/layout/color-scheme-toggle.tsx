import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('colorScheme.toDark') : t('colorScheme.toLight');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      {next === 'dark' ? <IconMoon size={18} stroke={1.6} /> : <IconSun size={18} stroke={1.6} />}
    </ActionIcon>
  );
}
