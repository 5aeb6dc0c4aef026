// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { setupI18n } from '@/lib/i18n';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/supabase';
import { describeSendError } from './send-errors';

describe('a failed send, as the visitor reads it', () => {
  it('says why in the chosen language', async () => {
    const i18n = setupI18n('Ulak');
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(describeSendError(t, new ApiError(429, 'Too many emails sent from here.'))).toBe(
      'Too many emails were sent from here. Please try again in an hour.',
    );
    expect(describeSendError(t, new Error(NETWORK_ERROR_MESSAGE))).toBe(NETWORK_ERROR_MESSAGE);
    expect(describeSendError(t, new ApiError(400, 'Every recipient must be a valid email address.'))).toBe(
      'Every recipient must be a valid email address.',
    );
    await i18n.changeLanguage('tr');
    expect(describeSendError(t, new ApiError(403, 'Only the device...'))).toBe(
      'Bir dosyanın bağlantısını yalnızca onu yükleyen cihaz e-postayla gönderebilir.',
    );
    await i18n.changeLanguage('en');
  });
});
