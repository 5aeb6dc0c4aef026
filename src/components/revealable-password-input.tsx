import { useState } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { MAX_PASSWORD_LENGTH } from '@/lib/crypto/password';

/**
 * A transfer's password field with a show/hide toggle (`showLabel` names it): a text input whose
 * type switches, rather than Mantine's PasswordInput, whose styles only the admin panel loads.
 * Typing or pasting stops at the format's limit.
 */
export function RevealablePasswordInput({
  showLabel,
  disabled,
  ...input
}: Omit<TextInputProps, 'type' | 'rightSection' | 'maxLength'> & { showLabel: string }) {
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...input}
      type={shown ? 'text' : 'password'}
      spellCheck={false}
      maxLength={MAX_PASSWORD_LENGTH}
      disabled={disabled}
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setShown((now) => !now)}
          disabled={disabled}
          aria-label={showLabel}
          aria-pressed={shown}
        >
          {shown ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
        </ActionIcon>
      }
    />
  );
}
