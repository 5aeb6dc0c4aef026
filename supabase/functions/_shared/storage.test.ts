// @vitest-environment node
// The round trips against a real bucket are in supabase/host/storage/embedded-*.test.ts and
// supabase/tests/second-s3/storage-contract.test.ts.
import { describe, expect, it } from 'vitest';
import { contentDisposition, createStorage, r2Endpoint, StorageError } from './storage.ts';

describe('contentDisposition', () => {
  it('gives browsers the exact name in filename* and old clients a plain ASCII filename', () => {
    expect(contentDisposition('Rapor ğüşıöç.pdf')).toBe(
      `attachment; filename="Rapor gus_oc.pdf"; filename*=UTF-8''Rapor%20%C4%9F%C3%BC%C5%9F%C4%B1%C3%B6%C3%A7.pdf`,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks in a name', () => {
    const value = contentDisposition('a"b\\c\r\nX-Evil: 1.txt');
    expect(value).not.toMatch(/[\r\n]/);
    expect(value).toBe(`attachment; filename="a_b_cX-Evil_ 1.txt"; filename*=UTF-8''a_b_cX-Evil_%201.txt`);
  });

  it('encodes the characters RFC 5987 does not allow raw', () => {
    expect(contentDisposition("it's (1).txt")).toContain("filename*=UTF-8''it%27s%20%281%29.txt");
  });

  it('names the download safely: no bidi tricks, no path, no reserved device name', () => {
    expect(contentDisposition('invoice\u202Egpj.exe')).toContain("filename*=UTF-8''invoicegpj.exe");
    expect(contentDisposition('../../etc/passwd')).toContain('filename="_.._etc_passwd"');
    expect(contentDisposition('NUL.txt')).toContain('filename="_NUL.txt"');
  });

  it('falls back to "file" when nothing ASCII is left', () => {
    expect(contentDisposition('')).toContain('filename="file"');
  });
});

describe('r2Endpoint', () => {
  it('builds the account endpoint Cloudflare documents', () => {
    expect(r2Endpoint('abc123')).toBe('https://abc123.r2.cloudflarestorage.com');
  });
});

describe('storage errors', () => {
  it('says the storage is unreachable when nothing listens at the endpoint', async () => {
    const storage = createStorage({
      endpoint: 'http://127.0.0.1:1',
      region: 'auto',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    const err = await storage.check().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'unreachable', message: expect.stringMatching(/^Storage is unreachable: /) });
  });
});
