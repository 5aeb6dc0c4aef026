import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, VisuallyHidden } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '@/components/hint-tooltip';
import { NativeShareButton } from './native-share-button';
import { ShareQrButton } from './share-qr-button';
import { mailtoHref, whatsAppHref } from './share-links';
import { COPY_TEXT_ATTRIBUTE } from '@/config/boot-contract';
import { useCopyLink } from './use-copy-link';
import { useShareMessage } from './use-share-message';

export interface ShareActionsProps {
  /** The share link ({origin}/s/{shareId}). */
  url: string;
  fileName: string;
  /** ISO date the file is deleted; the message says "in 3 days" when absent. */
  expiresAt?: string | null;
  /**
   * 'buttons': labelled buttons (download page, Home's results). 'compact': icon buttons with
   * tooltips for list rows; their accessible names carry the file name so rows stay distinguishable.
   */
  variant?: 'buttons' | 'compact';
  /** More actions (QR code, native share, delete) placed after the built-in ones. */
  children?: ReactNode;
}

interface CompactLinkProps {
  href: string;
  /** The tooltip. */
  label: string;
  /** The accessible name, with the file's name. */
  ariaLabel: string;
  color?: string;
  newTab?: boolean;
  children: ReactNode;
}

/** A share link as an icon with a tooltip, for list rows. */
function CompactLink({ href, label, ariaLabel, color, newTab = false, children }: CompactLinkProps) {
  return (
    <HintTooltip label={label}>
      <ActionIcon
        component="a"
        href={href}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        variant="subtle"
        color={color}
        size="lg"
        aria-label={ariaLabel}
      >
        {children}
      </ActionIcon>
    </HintTooltip>
  );
}

/** Copy link ('Copied!' for 2 s), WhatsApp and mail links, a QR code and the system share sheet. */
export function ShareActions({ url, fileName, expiresAt, variant = 'buttons', children }: ShareActionsProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyLink();
  const message = useShareMessage(fileName, url, expiresAt);
  const whatsApp = whatsAppHref(message.text);
  const mail = mailtoHref(message.subject, message.text);
  const copyLabel = copied ? t('shareActions.copied') : t('shareActions.copyLink');
  const CopyIcon = copied ? IconCheck : IconCopy;

  const announcement = (
    <VisuallyHidden role="status" aria-live="polite">
      {copied ? t('shareActions.copiedAnnouncement', { name: fileName }) : ''}
    </VisuallyHidden>
  );

  if (variant === 'compact') {
    return (
      <Group gap={4} wrap="nowrap" role="group" aria-label={t('shareActions.group', { name: fileName })}>
        <HintTooltip label={copyLabel}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : undefined}
            size="lg"
            onClick={() => void copy(url)}
            {...{ [COPY_TEXT_ATTRIBUTE]: url }}
            aria-label={copied ? t('shareActions.copied') : t('shareActions.copyAria', { name: fileName })}
          >
            <CopyIcon size={18} aria-hidden />
          </ActionIcon>
        </HintTooltip>
        <CompactLink
          href={whatsApp}
          newTab
          color="green"
          label={t('shareActions.whatsapp')}
          ariaLabel={t('shareActions.whatsappAria', { name: fileName })}
        >
          <IconBrandWhatsapp size={18} aria-hidden />
        </CompactLink>
        <CompactLink
          href={mail}
          label={t('shareActions.email')}
          ariaLabel={t('shareActions.emailAria', { name: fileName })}
        >
          <IconMail size={18} aria-hidden />
        </CompactLink>
        <ShareQrButton url={url} fileName={fileName} compact />
        <NativeShareButton message={message} fileName={fileName} compact />
        {children}
        {announcement}
      </Group>
    );
  }

  return (
    <Group gap="xs" role="group" aria-label={t('shareActions.group', { name: fileName })}>
      <Button
        variant={copied ? 'filled' : 'light'}
        color={copied ? 'teal' : undefined}
        leftSection={<CopyIcon size={18} aria-hidden />}
        onClick={() => void copy(url)}
        {...{ [COPY_TEXT_ATTRIBUTE]: url }}
      >
        {copyLabel}
      </Button>
      <Button
        component="a"
        href={whatsApp}
        target="_blank"
        rel="noopener noreferrer"
        // Green text on the light green surface is below 4.5:1; the brand colour stays on the icon.
        variant="default"
        leftSection={<IconBrandWhatsapp size={18} color="var(--mantine-color-green-7)" aria-hidden />}
      >
        {t('shareActions.whatsapp')}
      </Button>
      <Button component="a" href={mail} variant="light" leftSection={<IconMail size={18} aria-hidden />}>
        {t('shareActions.email')}
      </Button>
      <ShareQrButton url={url} fileName={fileName} />
      <NativeShareButton message={message} fileName={fileName} />
      {children}
      {announcement}
    </Group>
  );
}
