// A small metrics registry: counters, gauges and histograms with labels, rendered in the
// Prometheus text exposition format 0.0.4. Web-standard only, so the API's code that records into
// it type-checks and runs under Deno as under Node; only the Node host serves it (GET /metrics).
// No dependency: what the API needs is a few dozen lines, and prom-client's process collectors
// assume Node.

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * The most label sets one metric keeps (default 1000). Labels come from closed sets (the route
 * table, the error codes, the statuses we answer), so this is never reached by design; it is the
 * guard that a mistake which put a caller's text into a label cannot grow the host's memory.
 */
export const MAX_SERIES_PER_METRIC = 1000;

/** Prometheus's default latency buckets, in seconds: 5 ms to 10 s. */
export const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Labels<L extends string> = Readonly<Record<L, string>>;

interface Family {
  render(lines: string[]): void;
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function labelText(names: readonly string[], values: readonly string[], extra = ''): string {
  const pairs = names.map((name, i) => `${name}="${escapeLabel(values[i] ?? '')}"`);
  if (extra) pairs.push(extra);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

/** One metric's label sets, each with its own state, capped at MAX_SERIES_PER_METRIC. */
class Series<L extends string, S> {
  readonly entries = new Map<string, { values: string[]; state: S }>();

  constructor(
    private readonly labelNames: readonly L[],
    private readonly initial: () => S,
  ) {}

  get(labels: Labels<L>): S | undefined {
    const values = this.labelNames.map((name) => labels[name]);
    const key = values.join('\u0000');
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= MAX_SERIES_PER_METRIC) return undefined;
      entry = { values, state: this.initial() };
      this.entries.set(key, entry);
    }
    return entry.state;
  }
}

abstract class Metric<L extends string, S> implements Family {
  protected readonly series: Series<L, S>;

  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly type: 'counter' | 'gauge' | 'histogram',
    protected readonly labelNames: readonly L[],
    initial: () => S,
  ) {
    this.series = new Series(labelNames, initial);
  }

  render(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`);
    for (const { values, state } of this.series.entries.values()) this.renderOne(lines, values, state);
  }

  protected abstract renderOne(lines: string[], values: readonly string[], state: S): void;
}

export class Counter<L extends string = never> extends Metric<L, { value: number }> {
  constructor(name: string, help: string, labelNames: readonly L[] = []) {
    super(name, help, 'counter', labelNames, () => ({ value: 0 }));
    // A counter without labels reads 0 from the start, so a rate over it has a first point.
    if (labelNames.length === 0) this.series.get({} as Labels<L>);
  }

  inc(labels: Labels<L>, by = 1): void {
    if (!(by >= 0)) return; // a counter only goes up
    const state = this.series.get(labels);
    if (state) state.value += by;
  }

  protected renderOne(lines: string[], values: readonly string[], state: { value: number }): void {
    lines.push(`${this.name}${labelText(this.labelNames, values)} ${formatValue(state.value)}`);
  }
}

export class Gauge<L extends string = never> extends Metric<L, { value: number }> {
  constructor(name: string, help: string, labelNames: readonly L[] = []) {
    super(name, help, 'gauge', labelNames, () => ({ value: 0 }));
  }

  set(labels: Labels<L>, value: number): void {
    const state = this.series.get(labels);
    if (state) state.value = value;
  }

  protected renderOne(lines: string[], values: readonly string[], state: { value: number }): void {
    lines.push(`${this.name}${labelText(this.labelNames, values)} ${formatValue(state.value)}`);
  }
}

interface HistogramState {
  /** Observations at or below each bucket's bound (not cumulative; summed when rendered). */
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram<L extends string = never> extends Metric<L, HistogramState> {
  constructor(
    name: string,
    help: string,
    labelNames: readonly L[],
    private readonly buckets: readonly number[],
  ) {
    super(name, help, 'histogram', labelNames, () => ({ counts: buckets.map(() => 0), sum: 0, count: 0 }));
  }

  observe(labels: Labels<L>, value: number): void {
    if (!Number.isFinite(value)) return;
    const state = this.series.get(labels);
    if (!state) return;
    const index = this.buckets.findIndex((bound) => value <= bound);
    if (index >= 0) state.counts[index] = (state.counts[index] ?? 0) + 1;
    state.sum += value;
    state.count++;
  }

  protected renderOne(lines: string[], values: readonly string[], state: HistogramState): void {
    let cumulative = 0;
    this.buckets.forEach((bound, i) => {
      cumulative += state.counts[i] ?? 0;
      lines.push(
        `${this.name}_bucket${labelText(this.labelNames, values, `le="${formatValue(bound)}"`)} ${cumulative}`,
      );
    });
    lines.push(`${this.name}_bucket${labelText(this.labelNames, values, 'le="+Inf"')} ${state.count}`);
    lines.push(`${this.name}_sum${labelText(this.labelNames, values)} ${formatValue(state.sum)}`);
    lines.push(`${this.name}_count${labelText(this.labelNames, values)} ${state.count}`);
  }
}

/** The metrics of one process, in the order they were registered. */
export class MetricsRegistry {
  private readonly families: Family[] = [];

  register<F extends Family>(family: F): F {
    this.families.push(family);
    return family;
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return this.register(new Counter(name, help, labelNames));
  }

  gauge(name: string, help: string): Gauge {
    return this.register(new Gauge(name, help));
  }

  /** The whole registry as one Prometheus text exposition. */
  render(): string {
    const lines: string[] = [];
    for (const family of this.families) family.render(lines);
    return `${lines.join('\n')}\n`;
  }
}
