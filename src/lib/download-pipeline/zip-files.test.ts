// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORD_PLAINTEXT_SIZE } from '@/lib/crypto/format';
import { encryptWhole, randomBytes, testCipher } from '@/test/e2e-crypto';
import { bucket, bucketFile as file } from '@/test/fake-bucket';
import { FileGoneError, type PipelineFile, save } from './pipeline';
import { DamagedFileError, zipFiles, zipLength, type ZipFile } from './zip-files';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A sink that writes to a file on disk, as a save target does. */
function diskSink(target: string): { stream: WritableStream<Uint8Array>; done: () => Promise<void> } {
  const chunks: Uint8Array[] = [];
  return {
    stream: new WritableStream({ write: (chunk) => void chunks.push(chunk) }),
    done: () => writeFile(target, Buffer.concat(chunks)),
  };
}

describe('Download all’s zip', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'zip-files-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('zips a transfer with entries named by folder path, byte for byte, with progress to the total', async () => {
    const objects = new Map<string, Uint8Array<ArrayBuffer>>();
    const files = [
      file('a.txt', '', new TextEncoder().encode('hello'), objects),
      file('b.bin', 'photos', randomBytes(300_000), objects),
      file('ç ğ.bin', 'photos/2026', randomBytes(70_000), objects),
    ];
    const progress: number[] = [];
    const sink = diskSink(path.join(dir, 'all.zip'));
    await save(zipFiles(files, { fetch: bucket(objects), onProgress: (n) => progress.push(n) }), sink.stream);
    await sink.done();

    const listed = execFileSync('unzip', ['-Z1', path.join(dir, 'all.zip')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listed).toEqual(['a.txt', 'photos/b.bin', 'photos/2026/ç ğ.bin']);
    // Known before a byte is read, to the byte: a browser that saves from memory refuses by it.
    expect((await readFile(path.join(dir, 'all.zip'))).byteLength).toBe(zipLength(files));
    execFileSync('unzip', ['-q', path.join(dir, 'all.zip'), '-d', path.join(dir, 'out')]);
    for (const f of files) {
      const unpacked = await readFile(path.join(dir, 'out', f.path, f.name));
      expect(sha256(unpacked)).toBe(sha256(objects.get(f.url) ?? new Uint8Array()));
    }
    expect(progress.at(-1)).toBe(files.reduce((sum, f) => sum + f.size, 0));
  });

  it('a file gone from the bucket ends the zip with an error that names it', async () => {
    const objects = new Map<string, Uint8Array<ArrayBuffer>>();
    const kept = file('kept.txt', '', new TextEncoder().encode('kept'), objects);
    const gone: PipelineFile = { url: 'http://bucket.test/gone', name: 'gone.txt', path: 'docs', size: 4 };
    const sink = diskSink(path.join(dir, 'all.zip'));
    const saving = save(zipFiles([kept, gone], { fetch: bucket(objects) }), sink.stream);
    await expect(saving).rejects.toSatisfy(
      (error: unknown) => error instanceof FileGoneError && error.message === 'docs/gone.txt is no longer available',
    );
  });

  it('cancel stops the zip: the bucket is asked for no further file', async () => {
    const objects = new Map<string, Uint8Array<ArrayBuffer>>();
    // The first file is larger than a save chunk: the sink's first write comes while it streams.
    const files = [file('one.bin', '', randomBytes(3_000_000), objects), file('two.bin', '', randomBytes(10), objects)];
    const asked: string[] = [];
    const network = bucket(objects);
    const cancel = new AbortController();
    const sink = new WritableStream<Uint8Array>({ write: () => cancel.abort() });
    const saving = save(
      zipFiles(files, {
        fetch: (input, init) => (asked.push(String(input)), network(input, init)),
        signal: cancel.signal,
      }),
      sink,
      cancel.signal,
    );
    await expect(saving).rejects.toThrow();
    expect(asked).toEqual([files[0]?.url]);
  });

  it('decrypts the files of an encrypted transfer into plaintext entries, progress counting plaintext', async () => {
    const objects = new Map<string, Uint8Array<ArrayBuffer>>();
    const plain = [randomBytes(RECORD_PLAINTEXT_SIZE * 17 + 5), new TextEncoder().encode('kısa not')];
    const files: ZipFile[] = [];
    for (const [index, bytes] of plain.entries()) {
      const cipher = await testCipher(`Fi1eId4${index}`);
      const stored = file(
        `f${index}.bin`,
        index === 0 ? 'video/2026' : 'docs',
        await encryptWhole(cipher, bytes),
        objects,
      );
      files.push({ ...stored, size: bytes.byteLength, cipher });
    }
    const progress: number[] = [];
    const sink = diskSink(path.join(dir, 'all.zip'));
    await save(zipFiles(files, { fetch: bucket(objects), onProgress: (n) => progress.push(n) }), sink.stream);
    await sink.done();
    execFileSync('unzip', ['-q', path.join(dir, 'all.zip'), '-d', path.join(dir, 'out')]);
    for (const [index, f] of files.entries()) {
      expect(sha256(await readFile(path.join(dir, 'out', f.path, f.name)))).toBe(
        sha256(plain[index] ?? new Uint8Array()),
      );
    }
    expect(progress.at(-1)).toBe((plain[0]?.byteLength ?? 0) + (plain[1]?.byteLength ?? 0));
  });

  it('a changed byte in a file of an encrypted transfer ends the zip with an error naming it', async () => {
    const objects = new Map<string, Uint8Array<ArrayBuffer>>();
    const files: ZipFile[] = [];
    for (const [index, name] of ['good.bin', 'bad.bin'].entries()) {
      const bytes = randomBytes(RECORD_PLAINTEXT_SIZE * 3);
      const cipher = await testCipher(`Fi1eId4${index}`);
      const stored = await encryptWhole(cipher, bytes);
      const at = RECORD_PLAINTEXT_SIZE * 2;
      if (name === 'bad.bin') stored[at] = (stored[at] ?? 0) ^ 1;
      files.push({ ...file(name, 'docs', stored, objects), size: bytes.byteLength, cipher });
    }
    const saving = save(zipFiles(files, { fetch: bucket(objects) }), new WritableStream());
    await expect(saving).rejects.toSatisfy(
      (error: unknown) => error instanceof DamagedFileError && error.message === 'docs/bad.bin is damaged',
    );
  });
});
