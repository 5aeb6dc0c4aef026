// @vitest-environment node
// What a self-hoster sets for their own site, against a real database (PGlite and PostgreSQL 15):
// the footer's contact address and profile links (empty until set), the legal pages as editable
// pages, and pages whose live text is the built-in one listed as published.
import { describe, expect, it } from 'vitest';
import type { AdminPageDto, AdminSettingsDto } from '../../functions/_shared/domain/admin-api-types.ts';
import type { PublicPageDto, PublicSettings } from '../../functions/_shared/domain/api-types.ts';
import { TARGETS } from '../targets.ts';
import { ok, adminPlatformForTests } from './admin-harness.ts';
import { body } from './upload-helpers.ts';

describe.each(TARGETS)('site contact and pages on %s', (target) => {
  const { p, admin, saveSettings } = adminPlatformForTests(target);

  it('the contact address and social links are empty until set, then served to every visitor', async () => {
    expect(await ok<PublicSettings>(p.call('GET', '/settings'))).toMatchObject({ contactEmail: '', socialLinks: [] });

    const saved = await ok<AdminSettingsDto>(
      saveSettings({
        contactEmail: '  ops@kargo.test ',
        socialLinks: ['https://github.com/kargo', 'https://social.example/@kargo'],
      }),
    );
    expect(saved).toMatchObject({
      contactEmail: 'ops@kargo.test',
      socialLinks: ['https://github.com/kargo', 'https://social.example/@kargo'],
    });
    expect(await ok<PublicSettings>(p.call('GET', '/settings'))).toMatchObject({
      contactEmail: 'ops@kargo.test',
      socialLinks: ['https://github.com/kargo', 'https://social.example/@kargo'],
    });

    // Settings saved by a client that does not know these fields leave them empty, as the defaults.
    const { contactEmail: _email, socialLinks: _links, ...older } = saved;
    await ok(admin('POST', '/admin/settings', older));
    expect(await ok<PublicSettings>(p.call('GET', '/settings'))).toMatchObject({ contactEmail: '', socialLinks: [] });
  });

  it('refuses an address or a link that is not one, with the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ contactEmail: 'not an address' }, 'contactEmail'],
      [{ contactEmail: `${'a'.repeat(250)}@x.io` }, 'contactEmail'],
      [{ contactEmail: 42 }, 'contactEmail'],
      [{ socialLinks: ['javascript:alert(1)'] }, 'socialLinks'],
      [{ socialLinks: ['github.com/kargo'] }, 'socialLinks'],
      [{ socialLinks: [`https://x.io/${'a'.repeat(500)}`] }, 'socialLinks'],
      [{ socialLinks: Array.from({ length: 11 }, (_, i) => `https://x.io/${i}`) }, 'socialLinks'],
      [{ socialLinks: 'https://x.io' }, 'socialLinks'],
    ];
    for (const [change, field] of cases) {
      const res = await saveSettings(change);
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(await body(res)).toMatchObject({ code: 'invalid_setting', params: { field } });
    }
  });

  it('lists a page whose live text is the built-in one as published, and serves the legal pages once saved', async () => {
    const listed = async (slug: string) =>
      (await ok<{ pages: AdminPageDto[] }>(admin('GET', '/admin/pages'))).pages.find(
        (page) => page.slug === slug && page.language === 'en',
      );
    const { pages } = await ok<{ pages: AdminPageDto[] }>(admin('GET', '/admin/pages'));
    expect(pages.map((page) => page.slug)).toEqual(
      expect.arrayContaining(['home', 'about', 'how-it-works', 'terms', 'privacy', 'cookies']),
    );
    expect(pages).toHaveLength(12);
    expect(await listed('about')).toMatchObject({ content: '', status: 'published', updatedAt: null });

    await ok(admin('POST', '/admin/pages/terms/en', { content: '# Our terms\n\nBe kind.', status: 'published' }));
    expect(await ok<PublicPageDto>(p.call('GET', '/pages/terms?lang=en'))).toMatchObject({
      content: '# Our terms\n\nBe kind.',
    });
    expect((await ok<PublicPageDto>(p.call('GET', '/pages/privacy?lang=en'))).content).toBeNull();

    // Saved empty, a page shows its built-in text again: served as none, listed as published.
    await ok(admin('POST', '/admin/pages/terms/en', { content: '  \n', status: 'published' }));
    expect((await ok<PublicPageDto>(p.call('GET', '/pages/terms?lang=en'))).content).toBeNull();
    await ok(admin('POST', '/admin/pages/terms/en', { content: '', status: 'draft' }));
    expect(await listed('terms')).toMatchObject({ status: 'published' });

    // A draft with text is a draft: the public page keeps its built-in text.
    await ok(admin('POST', '/admin/pages/privacy/en', { content: 'Not yet.', status: 'draft' }));
    expect(await listed('privacy')).toMatchObject({ status: 'draft', content: 'Not yet.' });
    expect((await ok<PublicPageDto>(p.call('GET', '/pages/privacy?lang=en'))).content).toBeNull();
  });
});
