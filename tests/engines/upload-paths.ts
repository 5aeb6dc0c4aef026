// Uploads from Home behind a link of the test's (tests/e2e/fixtures/counting-proxy.ts, an HTTP
// proxy that records every part PUT and the bucket's answer, and can make the link slow): what the
// page says while an upload runs in a browser without Background Sync, and how an upload whose
// pages were all closed mid-way goes on when the app is opened again.
import { PARTS_IN_FLIGHT } from '../../supabase/functions/_shared/domain/constants';
import { waitFor as poll } from '../../supabase/tests/wait-for';
import { startCountingProxy, type CountingProxy } from '../e2e/fixtures/counting-proxy';
import type { TestFile } from '../e2e/fixtures/test-files';
import { text } from '../e2e/fixtures/locales';
import {
  byText,
  WAIT_MS,
  waitFor,
  waitForText,
  type Engine,
  type EnginePage,
  type WindowedPage,
} from './fixtures/engine';
import { startPartGate } from './fixtures/part-gate';
import { downloadFromPage, serviceWorkerControls, waitForApp } from './cross-engine-paths';

/** A link so slow (512 KiB/s after the first part) that an upload of a few parts is still under way while the test looks. */
const CRAWLING_LINK_BYTES_PER_SECOND = 512 * 1024;

/** Runs `body` with a page of `engine` whose requests all pass through a counting proxy. */
async function behindProxy<T>(
  engine: Engine,
  body: (page: EnginePage, proxy: CountingProxy) => Promise<T>,
): Promise<T> {
  const proxy = await startCountingProxy();
  try {
    const page = await engine.newPage({ proxy: proxy.url });
    try {
      return await body(page, proxy);
    } finally {
      await page.close();
    }
  } finally {
    await proxy.close();
  }
}

/** Picks `file` on Home (open and live) and presses Upload. */
async function startUpload(page: EnginePage, file: TestFile): Promise<void> {
  await page.pickFiles({ css: '[data-testid="upload-files-input"]' }, [file.path]);
  await waitForText(page, file.name);
  await page.click(byText(text('en', 'upload.card.upload'), 'button'));
}

/**
 * While an upload of `file` crawls, what Home's line under Upload says and whether Transfers shows
 * the note that uploads need an open page (null where it shows nothing of the kind).
 */
export async function whatUploadingPagesSay(
  engine: Engine,
  origin: string,
  file: TestFile,
): Promise<{ home: string; transfersNote: string | null }> {
  return behindProxy(engine, async (page, proxy) => {
    proxy.throttleParts(CRAWLING_LINK_BYTES_PER_SECOND);
    await page.goto(`${origin}/`);
    await waitForApp(page);
    await startUpload(page, file);
    const home = await waitFor<string>(
      page,
      "Home's line under Upload",
      `return document.querySelector('section[aria-labelledby="upload-card-title"] [role="status"]')?.textContent?.trim() ?? '';`,
    );
    await page.goto(`${origin}/upload`);
    await waitForApp(page);
    // The upload's row first: the note, where there is one, comes with it.
    await waitFor(page, 'the upload in Transfers', `return document.querySelector('[data-upload-state]') !== null;`);
    const transfersNote = await page.run<string | null>(
      `return document.querySelector('[data-testid="keep-page-open"]')?.textContent?.trim() ?? null;`,
    );
    return { home, transfersNote };
  });
}

/** A job of the upload queue as IndexedDB holds it, in what a resume depends on. */
interface StoredJob {
  state: string;
  /** The failure's code, null unless the job failed. */
  failure: string | null;
  /** The parts the bucket acknowledged, in order. */
  parts: number[];
  partCount: number | null;
  /** The device's copy of the bytes (job-record.ts): where it is, and from which byte it holds the file. */
  copy: { place: string | null; from: number; writing: boolean } | null;
}

/** The job of the file named `arg` (null when there is none), read without asking for a version: no upgrade from here. */
const READ_JOB = `return new Promise((resolve, reject) => {
  const open = indexedDB.open('ulak');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('uploadJobs')) {
      db.close();
      return resolve(null);
    }
    const request = db.transaction('uploadJobs').objectStore('uploadJobs').getAll();
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      db.close();
      const job = request.result.find((each) => each.name === arg);
      resolve(job === undefined ? null : {
        state: job.state,
        failure: job.failure?.code ?? null,
        parts: job.parts.map((part) => part.partNumber).sort((a, b) => a - b),
        partCount: job.partCount,
        copy: job.copy ?? null,
      });
    };
  };
});`;

/** Each look of a wait below reads the page's IndexedDB over WebDriver: every 200 ms is often enough. */
const LOOK_EVERY_MS = 200;

/** What became of an upload whose pages were all closed mid-way, once the app was opened again. */
export interface ResumeAfterClose {
  /** Where the device kept its copy of the file when the page closed, and from which byte on. */
  copy: { place: string | null; from: number } | null;
  /** The parts the bucket had finished when the page closed, and the part PUTs dropped with it. */
  finishedBeforeClose: number[];
  droppedWithPage: number[];
  /** The job's state and failure code once it stopped after the app was opened again. */
  state: string;
  failure: string | null;
  /** The parts sent after the app was opened again, and those the bucket finished twice. */
  sentAfterReopen: number[];
  finishedTwice: number[];
  /** Whether the bucket finished every part of the upload. */
  everyPartFinished: boolean;
  /** The SHA-256 of the link's download ('' when the upload did not finish). */
  sha256: string;
}

const sorted = (parts: Iterable<number>) => [...new Set(parts)].sort((a, b) => a - b);

/**
 * Uploads `file` from Home while a gate lets only its first `passParts` parts through. Once the
 * device's copy is written and every lane waits at the gate, closes the upload's window: no Ulak
 * page is left, and the browser drops the held PUTs when it ends the worker that sent them
 * (WebKitGTK does so 10 s after the worker's last page went, sending nothing more). Then, with the
 * gate open, opens Transfers in the same browser (same storage) and waits, doing nothing else, for
 * the upload to end by itself.
 */
export async function resumeAfterPagesClosed(
  engine: Engine<WindowedPage>,
  origin: string,
  file: TestFile,
  passParts: number,
): Promise<ResumeAfterClose> {
  const bucket = await startCountingProxy();
  const gate = await startPartGate(bucket.url, { passParts });
  try {
    const page = await engine.newPage({ proxy: gate.url });
    try {
      // The worker runs the upload, as it does for a returning visitor.
      if (!(await serviceWorkerControls(page, origin))) throw new Error('no service worker controls Home');
      await startUpload(page, file);
      const held = await poll(
        async () => {
          const job = await page.run<StoredJob | null>(READ_JOB, file.name);
          if (job?.copy == null || job.copy.writing || job.partCount === null) return undefined;
          const lanes = Math.min(PARTS_IN_FLIGHT, job.partCount - passParts);
          return job.parts.length === passParts && gate.held.length === lanes ? job : undefined;
        },
        'the upload held mid-way with its copy written',
        WAIT_MS,
        LOOK_EVERY_MS,
      );
      await page.closeWindow();
      const dropped = await poll(
        () => Promise.resolve(gate.held.length === 0 ? sorted(gate.cutOff) : undefined),
        'the browser to drop the held parts',
        2 * WAIT_MS,
        LOOK_EVERY_MS,
      );
      bucket.setRun(2);
      gate.open();

      await page.goto(`${origin}/upload`);
      await waitForApp(page);
      const ended = await poll(
        async () => {
          const job = await page.run<StoredJob | null>(READ_JOB, file.name);
          return job?.state === 'done' || job?.state === 'failed' ? job : undefined;
        },
        'the upload to end',
        4 * WAIT_MS,
        LOOK_EVERY_MS,
      );
      const finished = bucket.answers.filter((answer) => answer.status === 200).map((answer) => answer.partNumber);
      const result: ResumeAfterClose = {
        copy: held.copy && { place: held.copy.place, from: held.copy.from },
        finishedBeforeClose: held.parts,
        droppedWithPage: dropped,
        state: ended.state,
        failure: ended.failure,
        sentAfterReopen: sorted(bucket.started.filter((put) => put.run === 2).map((put) => put.partNumber)),
        finishedTwice: sorted(finished.filter((part, at) => finished.indexOf(part) !== at)),
        everyPartFinished: new Set(finished).size === ended.partCount,
        sha256: '',
      };
      if (ended.state !== 'done') return result;
      // The transfer's link in Transfers, with the key this device kept.
      const link = await waitFor<string>(
        page,
        'the link in Transfers',
        `return document.querySelector('a[href*="/s/"][href*="#"]')?.href ?? '';`,
      );
      return { ...result, sha256: await downloadFromPage(engine, page, link, file) };
    } finally {
      await page.close();
    }
  } finally {
    await gate.close();
    await bucket.close();
  }
}
