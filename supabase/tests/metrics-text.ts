// Reads a Prometheus text exposition the way a scraper does, for tests that check what /metrics
// (or the registry behind it) reports.

/** Each sample line's value, keyed by its name and labels as written (`name{a="b"}`). */
export function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

/** The value of one sample (`name`, with `labels` in the order the metric declares them); 0 when absent. */
export function sample(samples: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return samples.get(pairs.length ? `${name}{${pairs.join(',')}}` : name) ?? 0;
}

/** The label sets a metric has samples for (its series), as written. */
export function seriesOf(samples: Map<string, number>, name: string): string[] {
  return [...samples.keys()].filter((key) => key === name || key.startsWith(`${name}{`));
}
