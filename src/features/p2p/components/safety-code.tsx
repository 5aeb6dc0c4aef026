import { Paper, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The six-digit code both pages derive from both public keys: the check against someone in the
 * middle (a swapped key, a replaced link), so on either path the people are asked to compare it.
 */
export function SafetyCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby="p2p-safety-label">
      <Stack gap={4} align="center" ta="center">
        <Text id="p2p-safety-label" size="sm" fw={600} c="dimmed">
          <IconShieldCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {t('p2p.safety.label')}
        </Text>
        <Text
          data-testid="p2p-safety-code"
          ff="monospace"
          fz={32}
          fw={700}
          style={{ letterSpacing: '0.1em' }}
          aria-label={`${t('p2p.safety.label')}: ${code.split('').join(' ')}`}
        >
          {code}
        </Text>
        <Text size="sm" c="dimmed">
          {t('p2p.safety.compare')}
        </Text>
      </Stack>
    </Paper>
  );
}
