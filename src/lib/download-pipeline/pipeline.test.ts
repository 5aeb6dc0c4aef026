// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bucket, bucketFile as file } from '@/test/fake-bucket';
import { readTextStart } from './pipeline';

describe('the download pipeline', () => {
  it('a text preview asks for its first bytes only and says the file goes on', async () => {
    const objects = new Map<string, Uint8Array<ArrayBuffer>>();
    const text = 'çok güzel '.repeat(1_000);
    const long = file('long.txt', '', new TextEncoder().encode(text), objects);
    const ranges: string[] = [];
    const preview = await readTextStart(long, 100, { fetch: bucket(objects, ranges) });
    expect(ranges).toEqual(['bytes=0-99']);
    expect(preview.truncated).toBe(true);
    expect(text.startsWith(preview.text.replace(/\uFFFD$/, ''))).toBe(true);
    const short = file('short.txt', '', new TextEncoder().encode('just this'), objects);
    expect(await readTextStart(short, 100, { fetch: bucket(objects) })).toEqual({
      text: 'just this',
      truncated: false,
    });
  });
});
