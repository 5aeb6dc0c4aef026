// Upload speed over a sliding window. Progress comes in whole parts (fetch reports no upload
// progress), so an average over a few parts is steadier than the last part alone and still follows
// a network that gets slower.

export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];

  /** @param windowMs how far back samples count. */
  constructor(private readonly windowMs: number) {}

  /** Records the total bytes done at time `at` (ms). */
  add(at: number, bytesDone: number): void {
    this.samples.push({ at, bytes: bytesDone });
    // Keep one sample older than the window, so the rate always spans the whole window.
    while (this.samples.length > 2 && (this.samples[1]?.at ?? at) <= at - this.windowMs) {
      this.samples.shift();
    }
  }

  /** Bytes per second, or null until two samples some time apart exist. */
  bytesPerSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (first === undefined || last === undefined || last.at <= first.at) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  /** Seconds left for `remaining` bytes at the current rate, or null when unknown. */
  etaSeconds(remaining: number): number | null {
    const rate = this.bytesPerSecond();
    if (rate === null || rate <= 0) return null;
    return Math.ceil(remaining / rate);
  }
}
