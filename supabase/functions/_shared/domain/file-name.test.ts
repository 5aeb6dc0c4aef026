import { describe, expect, it } from 'vitest';
import {
  hasControlCharacters,
  neutralizeBidi,
  safeDownloadName,
  truncateKeepingExtension,
  utf8Length,
} from './file-name.ts';

describe('file names', () => {
  it('finds control characters, NUL, C1 and line separators included', () => {
    for (const bad of ['a\u0000b', 'a\nb', 'a\u001fb', 'a\u007fb', 'a\u0085b', 'a\u2028b'])
      expect(hasControlCharacters(bad)).toBe(true);
    expect(hasControlCharacters('Ünlü dosya 😀.txt')).toBe(false);
  });

  it('removes the bidi controls that disguise an extension', () => {
    expect(neutralizeBidi('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(neutralizeBidi('\u2066a\u2069\u200e\u200f\u061cb')).toBe('ab');
    // Right-to-left text itself is a name like any other.
    expect(neutralizeBidi('ملف.pdf')).toBe('ملف.pdf');
  });

  it('shortens a name to a number of bytes, keeping its extension and whole characters', () => {
    expect(truncateKeepingExtension(`${'a'.repeat(300)}.pdf`, 120)).toBe(`${'a'.repeat(116)}.pdf`);
    const emoji = truncateKeepingExtension(`${'😀'.repeat(100)}.png`, 50);
    expect(utf8Length(emoji)).toBeLessThanOrEqual(50);
    expect(emoji).toMatch(/^(😀)+\.png$/u);
    expect(truncateKeepingExtension('short.txt', 120)).toBe('short.txt');
  });

  it('gives a download a name that is safe on every system', () => {
    expect(safeDownloadName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeDownloadName('C:\\x\\y.dll')).toBe('C__x_y.dll');
    expect(safeDownloadName('CON')).toBe('_CON');
    expect(safeDownloadName('nul.tar.gz')).toBe('_nul.tar.gz');
    expect(safeDownloadName(' ..  ')).toBe('file');
    expect(safeDownloadName('.bashrc')).toBe('bashrc');
    expect(safeDownloadName('name. ')).toBe('name');
    expect(safeDownloadName('what?*.txt')).toBe('what__.txt');
    expect(utf8Length(safeDownloadName(`${'ş'.repeat(200)}.txt`))).toBeLessThanOrEqual(255);
    expect(safeDownloadName('Rapor ğüş.pdf')).toBe('Rapor ğüş.pdf');
  });
});
