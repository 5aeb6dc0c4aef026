// @vitest-environment node
// The words of docs/glossary.md, checked over every string: one Turkish term for each page name,
// no English left in Turkish, and sentence case on every short label in both languages.
import { describe, expect, it } from 'vitest';
import { formatBytes } from '@domain/format-bytes';
import en from './en.json';
import tr from './tr.json';

type Strings = Record<string, string>;

function flatten(value: unknown, prefix = '', into: Strings = {}): Strings {
  if (typeof value === 'string') into[prefix] = value;
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const EN = flatten(en);
const TR = flatten(tr);

/** Keys whose text is a brand, a code or a sample, not words of ours. */
const NOT_WORDS = /^(language\.|common\.productName$|p2p\.send\.codePlaceholder$|send\.recipients\.placeholder$)/;

/**
 * A label: a short string without a full stop, as on a button, a tab, a link, a heading or a column.
 * Sentences are left alone: their capitals follow grammar, not a style.
 */
function isLabel(text: string): boolean {
  const words = text
    .replace(/{{[^}]+}}/g, 'x')
    .trim()
    .split(/\s+/);
  return words.length >= 2 && words.length <= 6 && !/[.!?:;]\s|[.!?]$/.test(text);
}

/** Names, brands and acronyms, the same in both languages. */
const SHARED_NAMES = ['QR', 'WhatsApp', 'GitHub', 'LinkedIn', 'X', 'MIME', 'HTML', 'Markdown', 'PDF', 'UTC', 'IP'];
const UNITS_AND_CODES = ['URL', 'API', 'EN', 'TR', 'GB', 'MB', 'KB', 'TB'];

/** Words that keep their capital inside a label: the pages' names (docs/glossary.md) and the above. */
const EN_NAMES = new Set([...SHARED_NAMES, ...UNITS_AND_CODES, 'Home', 'Transfers', 'Direct', 'ID', 'Admin']);
const TR_NAMES = new Set([...SHARED_NAMES, ...UNITS_AND_CODES, 'Ana', 'Aktarımlar', 'Doğrudan', 'Türkçe', 'İngilizce']);

/** Capitalised words after a label's first word that are not names. */
function titleCased(text: string, names: Set<string>): string[] {
  const words = text
    .replace(/{{[^}]+}}/g, ' ')
    .split(/[\s(),·/"“”]+/)
    .filter(Boolean);
  return words.slice(1).filter((word) => /^\p{Lu}\p{Ll}/u.test(word) && !names.has(word.replace(/['’].*$/, '')));
}

describe('the glossary', () => {
  it('calls the Home page "Ana sayfa" in every Turkish string that names it', () => {
    // iOS's own "Add to Home Screen" is a menu of the phone, not our page.
    const home = Object.keys(EN).filter((key) => /\bHome\b(?! Screen)/.test(EN[key] ?? ''));
    expect(home.length).toBeGreaterThan(0);
    for (const key of home) expect(TR[key], key).toMatch(/Ana sayfa/);
    // No other spelling of it anywhere ("Ana Sayfa", "ana sayfa").
    for (const [key, text] of Object.entries(TR)) {
      for (const match of text.matchAll(/ana\s+sayfa/gi)) expect(match[0], key).toBe('Ana sayfa');
    }
  });

  it('calls the Transfers page "Aktarımlar", and a transfer "aktarım", in Turkish', () => {
    const page = Object.keys(EN).filter((key) => /\bTransfers\b/.test(EN[key] ?? ''));
    expect(page.length).toBeGreaterThan(0);
    for (const key of page) expect(TR[key], key).toMatch(/Aktarımlar/);
    for (const [key, text] of Object.entries(TR)) expect(text, key).not.toMatch(/transfer/i);
  });

  it('names direct transfer "doğrudan aktarım" in Turkish wherever English does', () => {
    for (const key of Object.keys(EN).filter((k) => /direct transfer/i.test(EN[k] ?? ''))) {
      expect(TR[key], key).toMatch(/doğrudan aktarım/i);
    }
  });

  it('writes sizes in the reader’s words: bayt in Turkish, byte and bytes in English', () => {
    expect(formatBytes(740, 'tr')).toBe('740 bayt');
    expect(formatBytes(0, 'tr')).toBe('0 bayt');
    expect(formatBytes(1536, 'tr')).toBe('1,5 KB');
    expect(formatBytes(740, 'en')).toBe('740 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    for (const [key, text] of Object.entries(TR)) expect(text, key).not.toMatch(/\bBytes?\b/);
  });

  it.each([
    ['English', EN, EN_NAMES],
    ['Turkish', TR, TR_NAMES],
  ])('writes every %s label in sentence case: a capital for the first word and names only', (_, strings, names) => {
    const wrong = Object.entries(strings)
      .filter(([key, text]) => !NOT_WORDS.test(key) && isLabel(text))
      .map(([key, text]) => ({ key, text, capitals: titleCased(text, names) }))
      .filter((entry) => entry.capitals.length > 0);
    expect(wrong).toEqual([]);
  });

  it('labels the same action with the same word on every button', () => {
    // English "Try again" and "Cancel" are one Turkish word each, wherever they appear.
    const same = (english: string) =>
      new Set(
        Object.keys(EN)
          .filter((key) => EN[key] === english)
          .map((key) => TR[key]),
      );
    expect([...same('Try again')]).toEqual(['Tekrar dene']);
    expect([...same('Cancel')]).toEqual(['İptal']);
    expect(Object.values(EN)).not.toContain('Retry');
  });
});
