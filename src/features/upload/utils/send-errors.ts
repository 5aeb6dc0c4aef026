import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/supabase';
import { MISSING_OWNER_TOKEN_MESSAGE } from '../api/send-links';

/**
 * A failed send, in the visitor's language: the API's statuses each have a translated sentence;
 * anything else (an upload failure, an unexpected answer) keeps its own message.
 */
export function describeSendError(t: TFunction, cause: unknown): string | undefined {
  if (cause instanceof ApiError) {
    switch (cause.status) {
      case 429:
        return t('send.errors.rateLimited');
      case 403:
        return t('send.errors.notOwner');
      case 404:
        return t('send.errors.gone');
      case 502:
        return t('send.errors.delivery');
      case 503:
        return t('send.errors.notConfigured');
      default:
        return cause.message;
    }
  }
  if (cause instanceof Error) {
    if (cause.message === NETWORK_ERROR_MESSAGE) return t('errors.network');
    if (cause.message === MISSING_OWNER_TOKEN_MESSAGE) return t('send.errors.notOwner');
    return cause.message || undefined;
  }
  return undefined;
}
