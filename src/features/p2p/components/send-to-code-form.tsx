import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseCode } from '../protocol/peer-ids';

/** "Or send to a code": the receiver's short code, typed by hand (SPEC's send to a peer id). */
export function SendToCodeForm({ onSend }: { onSend: (code: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="p2p-code-form-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const code = parseCode(value);
          setInvalid(code === null);
          if (code !== null) onSend(code);
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4" id="p2p-code-form-title">
            {t('p2p.send.codeTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('p2p.send.codeHint')}
          </Text>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label={t('p2p.send.codeLabel')}
              placeholder={t('p2p.send.codePlaceholder')}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={invalid ? t('p2p.send.codeInvalid') : undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={16}
              ff="monospace"
              style={{ flex: '1 1 12rem' }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} leftSection={<IconSend size={18} aria-hidden />}>
              {t('p2p.send.sendToCode')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
