// A token bucket: a burst of `capacity`, refilled at a steady rate. take() spends one token.
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perMs: number,
    now = Date.now(),
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  static perMinute(capacity: number, perMinute: number): TokenBucket {
    return new TokenBucket(capacity, perMinute / 60_000);
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.at) * this.perMs);
    this.at = now;
  }

  /** Spends a token if there is one. */
  take(now = Date.now()): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True once the bucket has refilled completely (nothing to remember about its owner). */
  full(now = Date.now()): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }
}
