// Query-string rules shared by the admin tables: bounded pages, whitelisted sort columns with a
// stable tie-break, and search text that is checked and escaped for LIKE.
import { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE } from '../../domain/constants.ts';
import { hasControlCharacters } from '../../domain/text.ts';
import { HttpError } from '../../http.ts';

/** Deeper pages than this are refused: nobody pages through more than a million rows by hand. */
const MAX_PAGE = 10_000;
const MAX_SEARCH_LENGTH = 200;

function invalid(message: string, param: string): HttpError {
  return new HttpError(400, 'invalid_query', message, { param });
}

function wholeParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max}.`, name);
  }
  return Number(raw);
}

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

export function parsePaging(url: URL): Paging {
  const page = wholeParam(url, 'page', 1, 1, MAX_PAGE);
  const pageSize = wholeParam(url, 'pageSize', ADMIN_PAGE_SIZE, 1, ADMIN_MAX_PAGE_SIZE);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** One of `allowed`, or the fallback when absent; anything else is a 400 naming the choices. */
export function choiceParam<T extends string>(url: URL, name: string, allowed: readonly T[], fallback: T): T {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw))
    throw invalid(`${name} must be one of ${allowed.join(', ')}.`, name);
  return raw as T;
}

/**
 * ORDER BY from whitelisted columns: `sort` names a key of `columns` (never SQL), `dir` is asc or
 * desc; `tieBreak` (a unique column) keeps the order stable from one page to the next. The
 * columns should be NOT NULL in the rows listed (descending order puts nulls first).
 */
export function orderBy<K extends string>(
  url: URL,
  columns: Record<K, string>,
  fallback: K,
  fallbackDir: 'asc' | 'desc',
  tieBreak: string,
): string {
  const key = choiceParam(url, 'sort', Object.keys(columns) as K[], fallback);
  const dir = choiceParam(url, 'dir', ['asc', 'desc'] as const, fallbackDir);
  // No NULLS LAST: it would keep the planner from walking an index in order.
  return `${columns[key]} ${dir}, ${tieBreak} ${dir}`;
}

/** The search text, trimmed; null when empty. Control characters are refused. */
export function searchParam(url: URL, name = 'q'): string | null {
  const raw = (url.searchParams.get(name) ?? '').trim();
  if (raw === '') return null;
  if (raw.length > MAX_SEARCH_LENGTH) throw invalid(`${name} may be at most ${MAX_SEARCH_LENGTH} characters.`, name);
  if (hasControlCharacters(raw)) throw invalid(`${name} may not contain control characters.`, name);
  return raw;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function iso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

export function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** The first characters of a visitor hash: enough to tell visitors apart on a screen. */
export function shortVisitor(hash: unknown): string | null {
  return typeof hash === 'string' && hash ? hash.slice(0, 12) : null;
}
