// @vitest-environment node
// Hostile file names, end to end (API, embedded storage, download): each of more than 200 names —
// path traversal, control and bidi characters, 255-byte and 10 KB names, reserved device names,
// empty, only dots and spaces — is either refused with a 400 and a code, or stored and downloaded
// back with the same bytes under a name that is safe on any system.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasControlCharacters, utf8Length } from '../../functions/_shared/domain/file-name.ts';
import { startTestPlatform, type TestPlatform } from '../platform.ts';

const RESERVED = ['CON', 'PRN', 'AUX', 'NUL', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [`COM${n}`, `LPT${n}`])];
const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
];
const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];

const NAMES: string[] = [
  // traversal and paths
  '../x.txt',
  '../../../../etc/passwd',
  '..\\..\\windows\\system32\\drivers\\etc\\hosts',
  '/etc/shadow',
  'C:\\Windows\\evil.dll',
  '\\\\server\\share\\x.txt',
  'a/../../b.txt',
  '....//....//x',
  '%2e%2e%2fx.txt',
  '..%252f..%252fx',
  'dir/sub/file.txt',
  './.hidden',
  '.bashrc',
  '.htaccess',
  '~/.ssh/id_rsa',
  'file.txt/',
  '/',
  '\\',
  // control characters, each one, in the middle of a name
  ...CONTROLS.map((c) => `bad${c}name.txt`),
  'trailing\n',
  '\r\nX-Evil: 1.txt',
  // bidi controls, each one, in the classic disguise
  ...BIDI.map((c) => `invoice${c}gpj.exe`),
  `${BIDI.join('')}.pdf`,
  // lengths
  `${'a'.repeat(251)}.txt`,
  `${'a'.repeat(255)}`,
  `${'a'.repeat(256)}`,
  `${'ş'.repeat(126)}.txt`,
  `${'😀'.repeat(63)}.png`,
  `${'😀'.repeat(200)}.png`,
  'x'.repeat(10 * 1024),
  `${'é'.repeat(5000)}.txt`,
  `${'a'.repeat(240)}.${'b'.repeat(14)}`,
  `${'a'.repeat(236)}.tar.gz`,
  // reserved device names, bare, with an extension, lower case
  ...RESERVED.flatMap((r) => [r, `${r}.txt`, r.toLowerCase()]),
  'CON .txt',
  'nul.tar.gz',
  // empty, dots and spaces
  '',
  ' ',
  '   ',
  '.',
  '..',
  '...',
  '. .',
  ' . ',
  '.. ..',
  'name.',
  'name ',
  'name...',
  ' name',
  '\u3000',
  // characters Windows refuses, quotes, markup and shell
  'a:b.txt',
  'what?.txt',
  'star*.txt',
  'pipe|name.txt',
  '<script>alert(1)</script>.html',
  '"quoted".txt',
  "it's.txt",
  '`rm -rf /`.sh',
  '$(reboot).sh',
  '${HOME}.txt',
  'semi;colon.txt',
  'amp&amp.txt',
  'percent%20.txt',
  'hash#frag.txt',
  'q?x=1.txt',
  'plus+sign.txt',
  'equals=.txt',
  '@at.txt',
  '!bang.txt',
  '[brackets].txt',
  '{braces}.txt',
  'comma,name.txt',
  // Unicode people really use, and tricky Unicode
  'Ünlü dosya — çalışma.txt',
  'İstanbul ığdır.pdf',
  '报告.docx',
  'ファイル.zip',
  'тест.txt',
  'ملف.pdf',
  'קובץ.txt',
  'नमस्ते.txt',
  '😀 party 🎉.jpg',
  'e\u0301cole.txt',
  'école.txt',
  'zero\u200bwidth.txt',
  'joiner\u200d.txt',
  'bom\ufeff.txt',
  'ﬁligature.txt',
  'fullwidth／slash.txt',
  'division∕slash.txt',
  'Ⅻ.txt',
  '\ud800lonely.txt',
  'tab\tname.txt',
  'combining\u0300\u0301\u0302.txt',
];

function bytesFor(i: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(32 + (i % 17));
  for (let k = 0; k < bytes.length; k++) bytes[k] = (i * 31 + k * 7) & 0xff;
  return bytes;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const BIDI_CHARS = new RegExp(`[${BIDI.join('')}]`);

/** What "a safe name" means for a downloaded file, on any system. */
function expectSafe(name: string): void {
  expect(name.length).toBeGreaterThan(0);
  expect(hasControlCharacters(name)).toBe(false);
  expect(name).not.toMatch(BIDI_CHARS);
  expect(name).not.toMatch(/[/\\:*?"<>|]/);
  expect(name).not.toMatch(/^[\s.]|[\s.]$/);
  expect(name).not.toMatch(WINDOWS_RESERVED);
  expect(utf8Length(name)).toBeLessThanOrEqual(255);
}

describe('hostile file names', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(async () => {
    await p?.close();
  });

  it(`stores and downloads back, under a safe name, each of ${NAMES.length} hostile names, or refuses it with a 400`, async () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(200);
    let stored = 0;
    let refused = 0;
    for (const [i, name] of NAMES.entries()) {
      const bytes = bytesFor(i);
      const created = await p.call('POST', '/uploads', { body: { name, size: bytes.length, type: 'text/html' } });
      const label = `name #${i} ${JSON.stringify(name.slice(0, 40))}`;
      if (created.status === 400) {
        const { code } = (await created.json()) as { code: string };
        expect(['name_invalid', 'name_required', 'name_too_long', 'bad_request'], label).toContain(code);
        refused++;
        continue;
      }
      expect(created.status, label).toBe(201);
      const c = (await created.json()) as { fileId: string; shareId: string; ownerToken: string };
      const headers = { 'x-owner-token': c.ownerToken };
      const signed = await p.call('POST', `/uploads/${c.fileId}/parts`, { body: { partNumbers: [1] }, headers });
      const { urls } = (await signed.json()) as { urls: { url: string }[] };
      const put = await fetch(urls[0]?.url ?? '', { method: 'PUT', body: bytes });
      expect(put.status, label).toBe(200);
      const done = await p.call('POST', `/uploads/${c.fileId}/complete`, {
        body: { parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
        headers,
      });
      expect(done.status, label).toBe(200);

      const share = (await (await p.call('GET', `/shares/${c.shareId}`)).json()) as { name: string };
      expect(hasControlCharacters(share.name), label).toBe(false);
      expect(share.name, label).not.toMatch(BIDI_CHARS);

      const ticket = await p.call('POST', `/shares/${c.shareId}/download`);
      const { url, fileName } = (await ticket.json()) as { url: string; fileName: string };
      expectSafe(fileName);
      const got = await fetch(url);
      expect(got.status, label).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(bytes)), label).toBe(true);
      const disposition = got.headers.get('content-disposition') ?? '';
      expect(disposition, label).toMatch(/^attachment;/);
      const star = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
      expect(star, label).toBe(fileName);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-security-policy')).toBe('sandbox');
      // The uploader said text/html; no download is served as a page.
      expect(got.headers.get('content-type'), label).toBe('application/octet-stream');
      stored++;
    }
    expect(stored + refused).toBe(NAMES.length);
    expect(stored).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(CONTROLS.length);
  }, 600_000);
});
