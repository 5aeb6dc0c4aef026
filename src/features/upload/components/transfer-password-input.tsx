import { useTranslation } from 'react-i18next';
import { RevealablePasswordInput } from '@/components/revealable-password-input';
import { MAX_PASSWORD_LENGTH } from '@/lib/crypto/password';

/** Too long for the format (over MAX_PASSWORD_LENGTH characters once NFC-normalised); '' is no password. */
export function passwordTooLong(password: string): boolean {
  return password.normalize('NFC').length > MAX_PASSWORD_LENGTH;
}

/**
 * "Password (optional)" for the transfer about to be sent, shown on request. The password is kept
 * in the card's state until Send, never stored.
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
  return (
    <RevealablePasswordInput
      showLabel={t('upload.card.password.show')}
      label={t('upload.card.password.label')}
      description={t('upload.card.password.description')}
      autoComplete="new-password"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={disabled}
      // Typing or pasting stops at the format's limit; the error covers the rare text NFC lengthens.
      error={passwordTooLong(value) ? t('upload.card.password.tooLong', { max: MAX_PASSWORD_LENGTH }) : undefined}
      data-testid="transfer-password"
    />
  );
}
