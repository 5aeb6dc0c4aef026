// How far a download moves before its progress is drawn again: a fixed share of its size, so a
// download draws the same number of times however large or slow it is. A render for every chunk
// (hundreds a second on a fast link) would take the page's thread from the download, and renders
// paced by the clock grow with a download's length, each leaving the page's heap more to collect.

/** Progress is drawn at most this often, in parts of the total (default 1/200: half a percent). */
const PROGRESS_STEPS = 200;

/** The bytes between two drawings of the progress of `total` bytes. */
export function progressStep(total: number): number {
  return Math.max(1, Math.floor(total / PROGRESS_STEPS));
}
