// A token bucket: a burst of `capacity`, refilled at a steady rate; take() spends tokens.
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

  /** Spends `count` tokens if there are as many. */
  take(count = 1, now = Date.now()): boolean {
    this.refill(now);
    if (this.tokens < count) return false;
    this.tokens -= count;
    return true;
  }

  /** True once the bucket has refilled completely (nothing to remember about its owner). */
  full(now = Date.now()): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }
}
