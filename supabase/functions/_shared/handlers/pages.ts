// Admin-edited Markdown of the public pages (home, about, how-it-works and the legal pages × en,
// tr). The public route returns only published content; the admin routes read and save drafts too.
// A page with no text shows its built-in text, whatever its status: that text is then the live one.
import type { AdminRouteHandler, RouteHandler } from '../handler-types.ts';
import type { Db } from '../db.ts';
import type { AdminPageDto, AdminPagesDto } from '../domain/admin-api-types.ts';
import {
  PAGE_LANGUAGES,
  PAGE_SLUGS,
  type PageLanguage,
  type PageSlug,
  type PublicPageDto,
} from '../domain/api-types.ts';
import { PAGE_CONTENT_MAX_LENGTH } from '../domain/constants.ts';
import { normalizeLines } from '../domain/text.ts';
import { HttpError, json, readJson } from '../http.ts';
import { recordAdminAction } from './admin/audit.ts';

function parsePage(
  slug: string | undefined,
  language: string | null | undefined,
): { slug: PageSlug; language: PageLanguage } {
  if (!(PAGE_SLUGS as readonly string[]).includes(slug ?? '')) {
    throw new HttpError(404, 'page_not_found', `No such page: expected one of ${PAGE_SLUGS.join(', ')}.`);
  }
  if (!(PAGE_LANGUAGES as readonly string[]).includes(language ?? '')) {
    throw new HttpError(400, 'bad_request', `lang must be one of ${PAGE_LANGUAGES.join(', ')}.`);
  }
  return { slug: slug as PageSlug, language: language as PageLanguage };
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** Whether a page's saved text leaves it showing its built-in text. */
function isBuiltIn(content: string): boolean {
  return content.trim() === '';
}

async function pageRows(db: Db, where = '', params: unknown[] = []): Promise<AdminPageDto[]> {
  const rows = await db.query<Record<string, unknown>>(
    `select slug, language, content, status, updated_at, updated_by from public.pages ${where}`,
    params,
  );
  return rows.map((r) => ({
    slug: r.slug as PageSlug,
    language: r.language as PageLanguage,
    content: String(r.content),
    status: r.status === 'published' || isBuiltIn(String(r.content)) ? 'published' : 'draft',
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by === null ? null : String(r.updated_by),
  }));
}

/** GET /pages/:slug?lang=en: the published Markdown, or content null (the page keeps its built-in text). */
export const getPublicPage: RouteHandler = async (req, ctx, params) => {
  const { slug, language } = parsePage(params.slug, new URL(req.url).searchParams.get('lang'));
  const [row] = await pageRows(ctx.db, `where slug = $1 and language = $2 and status = 'published'`, [slug, language]);
  const content = row && !isBuiltIn(row.content) ? row.content : null;
  return json<PublicPageDto>({
    slug,
    language,
    content,
    updatedAt: content === null ? null : (row?.updatedAt ?? null),
  });
};

/** GET /admin/pages: every page in every language; a never-saved one is empty and published (its built-in text is live). */
export const listAdminPages: AdminRouteHandler = async (_req, ctx) => {
  const saved = await pageRows(ctx.db);
  const pages: AdminPageDto[] = PAGE_SLUGS.flatMap((slug) =>
    PAGE_LANGUAGES.map(
      (language) =>
        saved.find((p) => p.slug === slug && p.language === language) ?? {
          slug,
          language,
          content: '',
          status: 'published',
          updatedAt: null,
          updatedBy: null,
        },
    ),
  );
  return json<AdminPagesDto>({ pages });
};

/** POST /admin/pages/:slug/:lang {content, status}: saves and logs who did it. */
export const saveAdminPage: AdminRouteHandler = async (req, ctx, params, admin) => {
  const { slug, language } = parsePage(params.slug, params.lang);
  const body = await readJson(req, PAGE_CONTENT_MAX_LENGTH * 4 + 1024);
  if (typeof body.content !== 'string') throw new HttpError(400, 'bad_request', 'content must be Markdown text.');
  // NUL cannot be stored in a text column; other control characters but tab and newlines make no page.
  const { text: content, hasControl } = normalizeLines(body.content);
  if (hasControl) throw new HttpError(400, 'bad_request', 'content may not contain control characters.');
  if (content.length > PAGE_CONTENT_MAX_LENGTH) {
    throw new HttpError(400, 'text_too_long', `The page may be at most ${PAGE_CONTENT_MAX_LENGTH} characters.`, {
      field: 'content',
      max: PAGE_CONTENT_MAX_LENGTH,
    });
  }
  const status = body.status;
  if (status !== 'published' && status !== 'draft')
    throw new HttpError(400, 'bad_request', 'status must be published or draft.');
  await ctx.db.query(
    `insert into public.pages (slug, language, content, status, updated_at, updated_by)
     values ($1, $2, $3, $4, $5::timestamptz, $6)
     on conflict (slug, language) do update set content = excluded.content, status = excluded.status,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [slug, language, content, status, ctx.now().toISOString(), admin],
  );
  await recordAdminAction(ctx, req, admin, 'admin_page_saved', { slug, language, status, length: content.length });
  const [page] = await pageRows(ctx.db, 'where slug = $1 and language = $2', [slug, language]);
  if (!page) throw new Error('the saved page was not read back');
  return json<AdminPageDto>(page);
};
