import { Blockquote, Stack, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The sender's own name and message, shown as text (React escapes it) and marked as theirs: the
 * words are anyone's, not the service's.
 */
export function SenderNote({ senderName, message }: { senderName: string | null; message: string | null }) {
  const { t } = useTranslation();
  if (!senderName && !message) return null;
  return (
    <Stack gap={6}>
      {senderName && (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('download.sender.from', { name: senderName })}
        </Text>
      )}
      {message && (
        <Blockquote
          icon={<IconQuote size={18} aria-hidden />}
          iconSize={28}
          p="sm"
          cite={t('download.sender.theirWords')}
          aria-label={t('download.sender.message')}
        >
          <Text component="span" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        </Blockquote>
      )}
    </Stack>
  );
}
