// @vitest-environment node
// GET /settings: what the page shows before anything is sent (the size limit at pick time, the
// retention, the sender of the send card's mail, the allowed types, maintenance). How each follows
// the admin's settings is tested in admin-settings.test.ts.
import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '../../functions/_shared/domain/api-types.ts';
import { MAX_FILE_SIZE, RETENTION_DAYS } from '../../functions/_shared/domain/constants.ts';
import { platformForTests } from '../platform.ts';

describe('GET /settings', () => {
  const p = platformForTests();

  it('gives the size limit, the retention, the From the recipients will see, and the product defaults', async () => {
    p.ctx.mailer = { from: 'Ulak <no-reply@files.example>', send: () => Promise.reject(new Error('unused')) };
    const res = await p.call('GET', '/settings');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      maxFileSize: MAX_FILE_SIZE,
      retentionDays: RETENTION_DAYS,
      mailFrom: 'Ulak <no-reply@files.example>',
      allowedFileTypes: 'all',
      customFileTypes: [],
      maintenanceMode: false,
      contactEmail: '',
      socialLinks: [],
      mailDelivery: 'smtp',
    } satisfies PublicSettings);
  });

  it('says when mail would only land in the outbox, so the page never offers it as sent', async () => {
    p.ctx.mailer = { from: 'Ulak <no-reply@files.example>', send: () => Promise.reject(new Error('unused')) };
    p.ctx.mailTransport = 'outbox';
    try {
      const res = await p.call('GET', '/settings');
      expect(((await res.json()) as PublicSettings).mailDelivery).toBe('outbox');
    } finally {
      p.ctx.mailTransport = undefined;
    }
  });

  it('says there is no sender where the server cannot send mail', async () => {
    p.ctx.mailer = undefined;
    const res = await p.call('GET', '/settings');
    expect(await res.json()).toMatchObject({ mailFrom: null, mailDelivery: 'none' });
  });

  it('needs the anon key', async () => {
    const res = await p.handler(new Request('http://api.test/functions/v1/api/settings'));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'invalid_api_key' });
  });
});
