// The PDF preview's renderer: pdf.js draws a page onto a canvas. Nothing in the file runs: no
// script (pdf.js's core has none to run, and eval is turned off), no form or annotation layer, no
// text or link layer; the page is pixels. Loaded only when a PDF is previewed.
import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';

/**
 * The sharpest a page is drawn, in device pixels per CSS pixel (default 2: a phone's screen is 2-3,
 * and each step up multiplies the canvas's memory by its square).
 */
const MAX_PIXEL_RATIO = 2;

let workerStarted = false;

/** One parser worker for the page's PDFs, started with the first. */
function startWorker(): void {
  if (workerStarted) return;
  workerStarted = true;
  GlobalWorkerOptions.workerPort = new Worker(new URL('./pdf.worker.ts', import.meta.url), { type: 'module' });
}

/** Starts parsing `bytes` (they move to the worker); destroy() the task to stop and free it. */
export function openPdf(bytes: Uint8Array): PDFDocumentLoadingTask {
  startWorker();
  return getDocument({
    data: bytes,
    // pdf.js compiles a PDF's PostScript functions with new Function() when it may: never here.
    isEvalSupported: false,
    enableXfa: false,
    // No WebAssembly decoders (the CSP gives WebAssembly no compile rights): JPEG 2000 images in a
    // PDF are left blank, the rest of the page draws.
    useWasm: false,
  });
}

/**
 * Draws page `pageNumber` (from 1) into `canvas`, `width` CSS pixels wide. The returned cancel()
 * stops a draw that is no longer wanted (the next page was asked for).
 */
export function renderPage(
  document: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  width: number,
): { done: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const done = document.getPage(pageNumber).then(async (page) => {
    const natural = page.getViewport({ scale: 1 });
    const cssScale = width / natural.width;
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    const viewport = page.getViewport({ scale: cssScale * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
    const task = page.render({ canvas, viewport });
    cancel = () => task.cancel();
    await task.promise;
  });
  return { done, cancel: () => cancel() };
}
