import { useState } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_PASSWORD_LENGTH } from '@/lib/crypto/password';

/** Too long for the format (over MAX_PASSWORD_LENGTH characters once NFC-normalised); '' is no password. */
export function passwordTooLong(password: string): boolean {
  return password.normalize('NFC').length > MAX_PASSWORD_LENGTH;
}

/**
 * "Password (optional)" for the transfer about to be sent, with a show/hide toggle. A text input
 * whose type switches, rather than Mantine's PasswordInput, whose styles only the admin panel loads.
 * The password is kept in the card's state until Send, never stored.
 */
export function TransferPasswordInput({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      type={shown ? 'text' : 'password'}
      label={t('upload.card.password.label')}
      description={t('upload.card.password.description')}
      autoComplete="new-password"
      spellCheck={false}
      // Typing or pasting stops at the format's limit; the error covers the rare text NFC lengthens.
      maxLength={MAX_PASSWORD_LENGTH}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={disabled}
      error={passwordTooLong(value) ? t('upload.card.password.tooLong', { max: MAX_PASSWORD_LENGTH }) : undefined}
      data-testid="transfer-password"
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setShown((now) => !now)}
          disabled={disabled}
          aria-label={t('upload.card.password.show')}
          aria-pressed={shown}
        >
          {shown ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
        </ActionIcon>
      }
    />
  );
}
