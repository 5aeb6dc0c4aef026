// The two browser uploads the upload bench compares, each in a fresh Chromium profile on disk: the
// app's (Home's card, its service worker and engine) and a bare page script (the same API calls and
// presigned part PUTs with fetch, PARTS_IN_FLIGHT at once, no IndexedDB, no service worker), with
// where each one's time went.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import type { CreatedUpload, SignedParts } from '../supabase/functions/_shared/domain/api-types.ts';
import { PARTS_IN_FLIGHT } from '../supabase/functions/_shared/domain/constants.ts';
import { RECORD_SIZE, TAG_SIZE } from '../supabase/functions/_shared/domain/encrypted-size.ts';
import {
  BENCH_ANON_KEY,
  launchProfile,
  sampleMemory,
  treeMemory,
  type BenchPlatform,
  type ProfileBrowser,
} from './platform.ts';

/** Where a browser upload's time went, in seconds from its start, from the browser's resource timings. */
export interface Phases {
  /** The API's create call (POST /uploads): when it leaves and when its answer arrives. */
  createStart: number;
  createEnd: number;
  /** The first part PUT leaves the browser (the page or its service worker). */
  firstPart: number;
  /** The last part's answer arrives. */
  lastPart: number;
  /** The API's complete call: when it leaves and when its answer arrives (the bucket assembles the parts). */
  completeStart: number;
  completeEnd: number;
  /** When the complete call's request left the browser (after any wait for a connection). */
  completeSent: number;
}

export interface BrowserUpload {
  seconds: number;
  /** The share the upload made (the download bench fetches the last one). */
  shareId: string;
  phases: Phases;
  /** The browser's peak memory, all its processes: sampled alike for both, at a cost to both. */
  peakBytes: number;
}

/** The app's upload: its link's key too (null for a link without one), and the browser's memory before the click. */
export interface AppUpload extends BrowserUpload {
  fragment: string | null;
  idleBytes: number;
  /** The lowest in the upload's second half (sampleMemory's secondHalfLow). */
  lowBytes: number;
}

/** A file's link as Home lists it: /s/{8-character id}, then its key when the file is encrypted. */
const SHARE_LINK = /\/s\/([A-Za-z0-9]{8})(?:#([A-Za-z0-9_-]{43}))?$/;

/**
 * Reads the part PUTs' and the complete call's timings from every page and service worker of the
 * context, relative to `base` (ms since the epoch: when the upload started, seen in the page).
 */
async function phasesOf(context: BrowserContext, base: number): Promise<Phases> {
  const read = () =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name,
      start: performance.timeOrigin + entry.startTime,
      sent: performance.timeOrigin + entry.requestStart,
      end: performance.timeOrigin + entry.responseEnd,
    }));
  const entries = (
    await Promise.all([
      ...context.pages().map((page) => page.evaluate(read)),
      ...context.serviceWorkers().map((worker) => worker.evaluate(read)),
    ])
  ).flat();
  const seconds = (epochMs: number) => (epochMs - base) / 1000;
  const parts = entries.filter((entry) => entry.name.includes('partNumber='));
  const complete = entries.find((entry) => entry.name.endsWith('/complete'));
  const create = entries.find((entry) => entry.name.endsWith('/uploads'));
  return {
    createStart: seconds(create?.start ?? NaN),
    createEnd: seconds(create?.end ?? NaN),
    firstPart: seconds(Math.min(...parts.map((entry) => entry.start))),
    lastPart: seconds(Math.max(...parts.map((entry) => entry.end))),
    completeStart: seconds(complete?.start ?? NaN),
    completeEnd: seconds(complete?.end ?? NaN),
    completeSent: seconds(complete?.sent ?? NaN),
  };
}

export function describePhases(phases: Phases): string {
  const { createStart, createEnd, firstPart, lastPart, completeStart, completeEnd, completeSent } = phases;
  return (
    `create call ${createStart.toFixed(2)}-${createEnd.toFixed(2)} s, first part sent at ${firstPart.toFixed(2)} s, parts ${(lastPart - firstPart).toFixed(2)} s, ` +
    `complete call ${(completeEnd - completeStart).toFixed(2)} s ` +
    `(${(completeSent - completeStart).toFixed(2)} s of it before the request left)`
  );
}

/**
 * Both browsers get a fresh profile on disk, as a person's browser has: in Playwright's other
 * contexts ("off the record") Chromium keeps storage in memory, so the app's copy of the file on
 * the device (the origin private file system) would cost next to nothing there.
 */
async function withProfile<T>(
  options: { serviceWorkers: 'allow' | 'block'; bypassCSP?: boolean },
  run: (browser: ProfileBrowser) => Promise<T>,
): Promise<T> {
  const profile = await mkdtemp(path.join(tmpdir(), 'ulak-bench-profile-'));
  try {
    const browser = await launchProfile(profile, options);
    try {
      return await run(browser);
    } finally {
      await browser.context.close();
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

export function appUpload(platform: BenchPlatform, file: string): Promise<AppUpload> {
  return withProfile({ serviceWorkers: 'allow' }, async ({ context, pid }) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(platform.origin);
    // Home starts its app (which registers the worker) on the visitor's first intent: a key, as in the browser tests.
    await page.keyboard.press('Shift');
    // Let the service worker take control first, as it does for a returning visitor.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    // A person picks the file in a dialog after the page has loaded: the page's own start (its
    // scripts, the calls it makes, the worker's update check) is over before the upload begins.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('upload-files-input').setInputFiles(file);
    // The end is when the share link enters the page, seen from inside it: Playwright's own wait
    // looks only every 500 ms or so once it has waited a while, which would add up to half a second.
    await page.evaluate(() => {
      const shown = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('[role="region"] a[href*="/s/"]') === null) return;
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      (window as unknown as { linkShown: Promise<number> }).linkShown = shown;
    });
    // The start is the click as the page receives it: Playwright's own checks before it clicks
    // (the button visible, stable for two frames, not covered) took 0.05 s, which no person waits.
    await page.evaluate(() => {
      const clicked = new Promise<number>((resolve) => {
        window.addEventListener('click', (event) => resolve(performance.timeOrigin + event.timeStamp), {
          capture: true,
          once: true,
        });
      });
      (window as unknown as { clicked: Promise<number> }).clicked = clicked;
    });
    const idleBytes = await treeMemory(pid);
    const memory = sampleMemory(pid);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const link = page
      .getByRole('region', { name: /Your share links?/ })
      .getByRole('listitem')
      .getByRole('link', { name: SHARE_LINK });
    await link.waitFor({ timeout: 30 * 60_000 });
    const [clicked, linkShown] = await page.evaluate(() => {
      const marks = window as unknown as { clicked: Promise<number>; linkShown: Promise<number> };
      return Promise.all([marks.clicked, marks.linkShown]);
    });
    // The key is the transfer's, the same in every link that carries it (the file's, the transfer's).
    const hrefs = await page
      .getByRole('region', { name: /Your share links?/ })
      .locator('a[href*="/s/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    return {
      seconds: (linkShown - clicked) / 1000,
      shareId: SHARE_LINK.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '',
      fragment: hrefs.map((href) => SHARE_LINK.exec(href)?.[2]).find((key) => key !== undefined) ?? null,
      peakBytes: await memory.stop(),
      lowBytes: memory.secondHalfLow(),
      idleBytes,
      phases: await phasesOf(context, clicked),
    };
  });
}

/**
 * The encrypting script's worker (plain JavaScript, run from a blob: URL): seals the parts in
 * order, each part's records all at once (the fastest way found: WebCrypto runs them on the
 * browser's thread pool) while the next part is read. `toDisk`: each part into the file
 * `part-{n}`, flushed, and posts the part's number; otherwise it posts the part's ciphertext, one
 * buffer moved to the page. Or why it failed, as a string.
 */
const SEALING_WORKER = `
onmessage = async ({ data: { file, partCount, partSize, recordSize, tagSize, toDisk } }) => {
  try {
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt']);
    const folder = await navigator.storage.getDirectory();
    const plainRecord = recordSize - tagSize;
    const plainPart = (partSize / recordSize) * plainRecord;
    const read = (n) => file.slice((n - 1) * plainPart, n * plainPart).arrayBuffer();
    let next = read(1);
    for (let n = 1; n <= partCount; n++) {
      const plain = new Uint8Array(await next);
      if (n < partCount) next = read(n + 1);
      const records = Math.max(1, Math.ceil(plain.byteLength / plainRecord));
      const out = toDisk ? null : new Uint8Array(plain.byteLength + records * tagSize);
      const access = toDisk
        ? await (await folder.getFileHandle('part-' + n, { create: true })).createSyncAccessHandle()
        : { write: (bytes, { at }) => out.set(bytes, at), flush() {}, close() {} };
      const sealing = [];
      for (let at = 0; at === 0 || at < plain.byteLength; at += plainRecord) {
        const iv = new Uint8Array(12);
        new DataView(iv.buffer).setUint32(8, ((n - 1) * plainPart + at) / plainRecord);
        const place = (at / plainRecord) * recordSize;
        sealing.push(
          crypto.subtle
            .encrypt({ name: 'AES-GCM', iv }, key, plain.subarray(at, at + plainRecord))
            .then((sealed) => access.write(new Uint8Array(sealed), { at: place })),
        );
      }
      await Promise.all(sealing);
      access.flush();
      access.close();
      if (toDisk) postMessage(n);
      else postMessage({ n, out }, [out.buffer]);
    }
  } catch (error) {
    postMessage(String(error));
  }
};
`;

/**
 * The least a page can do: create, sign parts in batches, PUT them with fetch (PARTS_IN_FLIGHT at
 * once), complete. On the app's origin (the bucket's CORS allows it) with service workers blocked,
 * from a page that runs none of the app's code.
 *
 * `encrypting`: the least a page can do that encrypts. A dedicated worker reads the file a part at
 * a time and seals it as AES-256-GCM records of the app's size with WebCrypto (a random key, the
 * record's index as its nonce). 'to-disk' keeps a copy for a crash as it goes: each part's
 * ciphertext goes to a file of its own in the origin private file system through a synchronous
 * access handle, and the part's PUT sends that file, which the browser reads from disk as it does
 * a picked file. 'in-memory' keeps none: the part's PUT sends its ciphertext from memory. The app's
 * cost above 'to-disk' is its engine's; the cost of 'to-disk' above the bare script is the work itself.
 */
export function bareBrowserUpload(
  platform: BenchPlatform,
  file: string,
  { encrypting }: { encrypting?: 'to-disk' | 'in-memory' } = {},
): Promise<BrowserUpload> {
  // The encrypting script's worker is a blob: URL, which the host's Content-Security-Policy refuses.
  return withProfile({ serviceWorkers: 'block', bypassCSP: encrypting !== undefined }, async ({ context, pid }) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${platform.origin}/manifest.webmanifest`);
    // tsx names the script's inner functions with a helper the page does not have.
    await page.evaluate('globalThis.__name = (f) => f');
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'bare-file';
      document.body.append(input);
    });
    await page.setInputFiles('#bare-file', file);
    const memory = sampleMemory(pid);
    // Timed inside the page, as the app's upload is.
    const { shareId, started, ended } = await page.evaluate(
      async ({ api, anonKey, inFlight, signBatch, sealer, toDisk, recordSize, tagSize }) => {
        const started = performance.timeOrigin + performance.now();
        const blob = (document.getElementById('bare-file') as HTMLInputElement).files?.[0];
        if (!blob) throw new Error('no file');
        const records = Math.max(1, Math.ceil(blob.size / (recordSize - tagSize)));
        const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
          const res = await fetch(`${api}${path}`, {
            method: 'POST',
            headers: {
              apikey: anonKey,
              'content-type': 'application/json',
              ...(token ? { 'x-owner-token': token } : {}),
            },
            body: JSON.stringify(body),
          });
          if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
          return (await res.json()) as T;
        };
        const created = await call<CreatedUpload>('/uploads', {
          name: 'bare.bin',
          size: sealer === null ? blob.size : blob.size + records * tagSize,
          type: 'application/octet-stream',
        });
        // Each part's body: the picked file's slice, or the sealed part once the worker has it.
        let body = (n: number): Promise<Blob> => {
          const start = (n - 1) * created.partSize;
          return Promise.resolve(blob.slice(start, Math.min(start + created.partSize, blob.size)));
        };
        if (sealer !== null) {
          type Body = Blob | Uint8Array<ArrayBuffer>;
          const sealed = new Map<
            number,
            { promise: Promise<Body>; resolve(body: Body): void; reject(e: Error): void }
          >();
          const entry = (n: number) => {
            let found = sealed.get(n);
            if (found === undefined) {
              let resolve: (body: Body) => void = () => undefined;
              let reject: (e: Error) => void = () => undefined;
              const promise = new Promise<Body>((res, rej) => ((resolve = res), (reject = rej)));
              promise.catch(() => undefined);
              found = { promise, resolve, reject };
              sealed.set(n, found);
            }
            return found;
          };
          const worker = new Worker(URL.createObjectURL(new Blob([sealer], { type: 'text/javascript' })));
          const folder = await navigator.storage.getDirectory();
          type Sealed = number | { n: number; out: Uint8Array<ArrayBuffer> } | string;
          worker.onmessage = async ({ data }: MessageEvent<Sealed>) => {
            if (typeof data === 'string') {
              for (let n = 1; n <= created.partCount; n++) entry(n).reject(new Error(data));
            } else if (typeof data === 'number') {
              entry(data).resolve(await (await folder.getFileHandle(`part-${data}`)).getFile());
            } else entry(data.n).resolve(data.out);
          };
          const { partCount, partSize } = created;
          worker.postMessage({ file: blob, partCount, partSize, recordSize, tagSize, toDisk });
          // A part in memory becomes a Blob only as it is sent: the browser refused (Failed to fetch)
          // when every part sealed ahead was a Blob at once.
          body = async (n) => {
            const sealedPart = await entry(n).promise;
            return sealedPart instanceof Blob ? sealedPart : new Blob([sealedPart]);
          };
        }
        const urls = new Map<number, string>();
        const etags: { partNumber: number; etag: string }[] = [];
        let next = 1;
        const worker = async () => {
          while (next <= created.partCount) {
            const n = next++;
            if (!urls.has(n)) {
              const numbers: number[] = [];
              for (let k = n; k < n + signBatch && k <= created.partCount; k++) numbers.push(k);
              const signed = await call<SignedParts>(
                `/uploads/${created.fileId}/parts`,
                { partNumbers: numbers },
                created.ownerToken,
              );
              for (const u of signed.urls) if (!urls.has(u.partNumber)) urls.set(u.partNumber, u.url);
            }
            const res = await fetch(urls.get(n) ?? '', { method: 'PUT', body: await body(n) });
            if (!res.ok) throw new Error(`part ${n}: ${res.status}`);
            etags.push({ partNumber: n, etag: res.headers.get('etag') ?? '' });
          }
        };
        await Promise.all(Array.from({ length: inFlight }, worker));
        etags.sort((a, b) => a.partNumber - b.partNumber);
        await call(`/uploads/${created.fileId}/complete`, { parts: etags }, created.ownerToken);
        return { shareId: created.shareId, started, ended: performance.timeOrigin + performance.now() };
      },
      {
        api: `${platform.origin}/functions/v1/api`,
        anonKey: BENCH_ANON_KEY,
        inFlight: PARTS_IN_FLIGHT,
        signBatch: 20,
        sealer: encrypting === undefined ? null : SEALING_WORKER,
        toDisk: encrypting === 'to-disk',
        recordSize: RECORD_SIZE,
        tagSize: TAG_SIZE,
      },
    );
    return {
      seconds: (ended - started) / 1000,
      shareId,
      peakBytes: await memory.stop(),
      phases: await phasesOf(context, started),
    };
  });
}
