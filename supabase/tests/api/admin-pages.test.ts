// @vitest-environment node
// The pages the admin writes (home, about, how it works, the legal pages), against a real database (PGlite and
// PostgreSQL 15): only published Markdown is served, per language, and every save is logged.
import { describe, expect, it } from 'vitest';
import type { AdminPageDto } from '../../functions/_shared/domain/admin-api-types.ts';
import type { PublicPageDto } from '../../functions/_shared/domain/api-types.ts';
import { TARGETS } from '../targets.ts';
import { ok, adminPlatformForTests } from './admin-harness.ts';
import { body } from './upload-helpers.ts';

describe.each(TARGETS)('admin pages on %s', (target) => {
  const { p, admin, adminLogs } = adminPlatformForTests(target);

  it('serves published Markdown only, per language, and logs who saved it', async () => {
    const publicAbout = (lang: string) => p.call('GET', `/pages/about?lang=${lang}`);
    expect(await ok<PublicPageDto>(publicAbout('en'))).toEqual({
      slug: 'about',
      language: 'en',
      content: null,
      updatedAt: null,
    });

    const draft = await ok<AdminPageDto>(
      admin('POST', '/admin/pages/about/en', { content: '# Draft', status: 'draft' }),
    );
    expect(draft).toMatchObject({ slug: 'about', language: 'en', status: 'draft', updatedBy: 'admin' });
    expect((await ok<PublicPageDto>(publicAbout('en'))).content).toBeNull();

    await ok(
      admin('POST', '/admin/pages/about/en', { content: '# About us\r\n\r\nWe **share**.', status: 'published' }),
    );
    expect(await ok<PublicPageDto>(publicAbout('en'))).toMatchObject({ content: '# About us\n\nWe **share**.' });
    expect((await ok<PublicPageDto>(publicAbout('tr'))).content).toBeNull();

    const { pages } = await ok<{ pages: AdminPageDto[] }>(admin('GET', '/admin/pages'));
    expect(pages).toHaveLength(12);
    expect(pages.find((x) => x.slug === 'about' && x.language === 'en')).toMatchObject({ status: 'published' });
    expect(pages.find((x) => x.slug === 'home' && x.language === 'tr')).toMatchObject({
      content: '',
      updatedAt: null,
    });
    expect((await adminLogs('admin_page_saved'))[0]?.eventData).toMatchObject({
      admin: 'admin',
      slug: 'about',
      language: 'en',
      status: 'published',
    });

    expect((await p.call('GET', '/pages/contact?lang=en')).status).toBe(404);
    expect((await p.call('GET', '/pages/about?lang=de')).status).toBe(400);
    expect((await admin('POST', '/admin/pages/about/de', { content: 'x', status: 'draft' })).status).toBe(400);
    expect((await admin('POST', '/admin/pages/about/en', { content: 'x', status: 'live' })).status).toBe(400);
    expect((await admin('POST', '/admin/pages/about/en', { content: 'a\u0000b', status: 'draft' })).status).toBe(400);
    const tooLong = await admin('POST', '/admin/pages/about/en', { content: 'x'.repeat(20_001), status: 'draft' });
    expect(tooLong.status).toBe(400);
    expect(await body(tooLong)).toMatchObject({ code: 'text_too_long', params: { max: 20_000 } });
  });
});
