import type { ComponentType } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { HintTooltip } from '@/components/hint-tooltip';

export interface ShareActionProps {
  /** An icon button with a tooltip (list rows), or a labelled button. */
  compact: boolean;
  /** The button's text, and the compact icon's tooltip. */
  label: string;
  /** The compact icon's accessible name: it names the file, so rows stay distinguishable. */
  compactLabel: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  onClick: () => void;
}

/** One of the share actions that opens something here (QR code, the system share sheet). */
export function ShareAction({ compact, label, compactLabel, icon: Icon, onClick }: ShareActionProps) {
  if (compact) {
    return (
      <HintTooltip label={label}>
        <ActionIcon variant="subtle" size="lg" onClick={onClick} aria-label={compactLabel}>
          <Icon size={18} aria-hidden />
        </ActionIcon>
      </HintTooltip>
    );
  }
  return (
    <Button variant="light" color="gray" leftSection={<Icon size={18} aria-hidden />} onClick={onClick}>
      {label}
    </Button>
  );
}
