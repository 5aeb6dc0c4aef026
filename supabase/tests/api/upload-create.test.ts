// @vitest-environment node
// Starting an upload (POST /uploads) against a real database (PGlite and PostgreSQL 15): the size
// limit, and every malformed name, size, type or body refused with a 400 that says what is wrong.
import { describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE } from '../../functions/_shared/domain/constants.ts';
import { platformForTests } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, create } from './upload-helpers.ts';

describe.each(TARGETS)('starting an upload on %s', (target) => {
  const p = platformForTests({ target });

  it('refuses a file over 2 GB (the default limit) with 413 and says why', async () => {
    const res = await p.call('POST', '/uploads', {
      body: { name: 'big.iso', size: MAX_FILE_SIZE + 1, type: 'application/octet-stream' },
    });
    expect(res.status).toBe(413);
    expect(await body(res)).toEqual({
      error: 'This file is larger than 2 GB, the limit per file.',
      code: 'file_too_large',
      params: { maxBytes: 2 * 1024 ** 3, maxGb: 2 },
    });
  });

  it('accepts exactly 2 GB at create time', async () => {
    const c = await create(p, { name: 'exactly.bin', size: MAX_FILE_SIZE });
    expect(c.partCount * c.partSize).toBeGreaterThanOrEqual(MAX_FILE_SIZE);
    const abort = await p.call('POST', `/uploads/${c.fileId}/abort`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(abort.status).toBe(204);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty name', { name: '   ', size: 5 }, 'File name is required'],
    ['a missing name', { size: 5 }, 'File name is required'],
    ['a negative size', { name: 'a.txt', size: -1 }, 'File size must be a whole number of bytes, zero or more'],
    ['a fractional size', { name: 'a.txt', size: 1.5 }, 'File size must be a whole number of bytes, zero or more'],
    ['a size as text', { name: 'a.txt', size: '5' }, 'File size must be a whole number of bytes, zero or more'],
    ['a name over 255 characters', { name: 'x'.repeat(256), size: 5 }, 'File name must be at most 255 characters.'],
    [
      'a type over 255 characters',
      { name: 'a.txt', size: 5, type: `text/${'x'.repeat(255)}` },
      'File type must be at most 255 characters.',
    ],
    [
      'a type with a line break',
      { name: 'a.txt', size: 5, type: 'text/plain\r\nX-Evil: 1' },
      'File type must be a MIME type such as "text/plain".',
    ],
  ])('refuses %s with 400', async (_label, payload, message) => {
    const res = await p.call('POST', '/uploads', { body: payload });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ error: message });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await p.call('POST', '/uploads', { body: '{nope' });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ error: 'The request body is not valid JSON.', code: 'bad_request' });
  });
});
