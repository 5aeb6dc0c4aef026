import { useId } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_RECIPIENTS } from '@domain/constants';
import { holdsSeveralAddresses, type SendRecipients } from '../hooks/use-send-recipients';

export interface SendRecipientsFieldProps {
  state: SendRecipients;
  disabled?: boolean;
}

/** Email input with an add button, the n/10 counter and the added addresses (docs/product.md §2 Home, §5). */
export function SendRecipientsField({ state, disabled = false }: SendRecipientsFieldProps) {
  const { t } = useTranslation();
  const counterId = useId();
  const { recipients, draft, setDraft, add, remove, problem, full } = state;
  const locked = disabled || full;

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t('send.recipients.label')}
          placeholder={t('send.recipients.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onPaste={(event) => {
            // Several addresses at once are each added as pasted; one alone is left to edit.
            const pasted = event.clipboardData.getData('text');
            if (!holdsSeveralAddresses(pasted)) return;
            event.preventDefault();
            add(`${draft} ${pasted}`);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          disabled={locked}
          error={problem !== null ? t(`send.recipients.problem.${problem}`, { max: MAX_RECIPIENTS }) : undefined}
          aria-describedby={counterId}
          inputWrapperOrder={['label', 'input', 'error']}
        />
        <Button
          variant="light"
          onClick={() => add()}
          disabled={locked}
          leftSection={<IconPlus size={16} aria-hidden />}
          mb={problem !== null ? 22 : 0}
        >
          {t('send.recipients.add')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" id={counterId} aria-live="polite">
        {t('send.recipients.counter', { count: recipients.length, max: MAX_RECIPIENTS })}
        {full ? ` · ${t('send.recipients.full', { max: MAX_RECIPIENTS })}` : ''}
      </Text>
      {/* The one place the link's key leaves this device on the server's side: said before it does. */}
      <Text size="xs" c="dimmed" data-testid="key-in-mail">
        {t('send.keyInMail')}
      </Text>
      {recipients.length > 0 && (
        <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('send.recipients.list')}>
          {recipients.map((email) => (
            <li key={email}>
              <Badge
                variant="light"
                size="lg"
                radius="xl"
                tt="none"
                maw="100%"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    color="gray"
                    onClick={() => remove(email)}
                    disabled={disabled}
                    aria-label={t('send.recipients.remove', { email })}
                  >
                    <IconX size={12} aria-hidden />
                  </ActionIcon>
                }
              >
                <span style={{ overflowWrap: 'anywhere' }}>{email}</span>
              </Badge>
            </li>
          ))}
        </Group>
      )}
    </Stack>
  );
}
