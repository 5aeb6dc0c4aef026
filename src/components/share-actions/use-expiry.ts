import { useTranslation } from 'react-i18next';
import { getExpiryInfo } from '@domain/expiry';
import type { ExpiryInfo } from '@domain/expiry';
import { useNow } from './use-now';

export interface Expiry extends ExpiryInfo {
  /** 'N day(s) left', 'N hour(s) left', 'Expired', ... in the current language. */
  label: string;
}

/** Time left before a file is deleted (docs/product.md §4), kept current while the page is open. */
export function useExpiry(expiresAt: string | null | undefined): Expiry {
  const { t } = useTranslation();
  const info = getExpiryInfo(expiresAt, useNow());
  const label =
    info.key === 'never' || info.key === 'expired'
      ? t(`expiry.${info.key}`)
      : t(`expiry.${info.key}`, { count: info.count });
  return { ...info, label };
}
