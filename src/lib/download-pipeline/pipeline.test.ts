// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ByteStage, FileGoneError, type PipelineFile, readTextStart, save, zipFiles } from './pipeline';

// The bucket, as far as the pipeline sees it: files at URLs, ranged GETs, 404 for a gone one.
function bucket(objects: Map<string, Uint8Array<ArrayBuffer>>, ranges: string[] = []): typeof fetch {
  return (input, init) => {
    const bytes = objects.get(String(input));
    if (!bytes) return Promise.resolve(new Response('NoSuchKey', { status: 404 }));
    const range = new Headers(init?.headers).get('range');
    if (range) ranges.push(range);
    const match = range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
    const body = match ? bytes.slice(Number(match[1]), Number(match[2]) + 1) : bytes;
    return Promise.resolve(new Response(body, { status: match ? 206 : 200 }));
  };
}

function file(
  name: string,
  filePath: string,
  bytes: Uint8Array<ArrayBuffer>,
  objects: Map<string, Uint8Array<ArrayBuffer>>,
): PipelineFile {
  const url = `http://bucket.test/${filePath}/${name}`;
  objects.set(url, bytes);
  return { url, name, path: filePath, size: bytes.byteLength };
}

function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 65_536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65_536)));
  return bytes;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A sink that writes to a file on disk, as a save target does. */
function diskSink(target: string): { stream: WritableStream<Uint8Array>; done: () => Promise<void> } {
  const chunks: Uint8Array[] = [];
  return {
    stream: new WritableStream({ write: (chunk) => void chunks.push(chunk) }),
    done: () => writeFile(target, Buffer.concat(chunks)),
  };
}

describe('the download pipeline', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pipeline-'));
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
    const files = [file('one.bin', '', randomBytes(200_000), objects), file('two.bin', '', randomBytes(10), objects)];
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

  it('a stage sees every byte of each file on its way into the zip (where decryption goes)', async () => {
    const objects = new Map<string, Uint8Array<ArrayBuffer>>();
    const files = [file('x.txt', 'd', new TextEncoder().encode('abc'), objects)];
    const upper: ByteStage = (bytes) =>
      bytes.pipeThrough(
        new TransformStream({
          transform: (chunk, controller) => controller.enqueue(chunk.map((c) => c - 32)),
        }),
      );
    const sink = diskSink(path.join(dir, 'all.zip'));
    await save(zipFiles(files, { fetch: bucket(objects), stages: [upper] }), sink.stream);
    await sink.done();
    expect(execFileSync('unzip', ['-p', path.join(dir, 'all.zip'), 'd/x.txt'], { encoding: 'utf8' })).toBe('ABC');
  });

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
