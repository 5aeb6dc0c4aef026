// @vitest-environment node
// The registry as a Prometheus server reads it: the text exposition format 0.0.4, with label
// values escaped, histograms cumulative, and a bounded number of series whatever is recorded.
import { describe, expect, it } from 'vitest';
import { Counter, Gauge, Histogram, MAX_SERIES_PER_METRIC, MetricsRegistry } from './metrics.ts';

describe('the metrics registry', () => {
  it('renders counters and gauges with their help, type and labels', () => {
    const registry = new MetricsRegistry();
    const requests = registry.register(new Counter('x_requests_total', 'Requests.', ['route', 'status']));
    const up = registry.register(new Gauge('x_connections', 'Open connections.'));
    requests.inc({ route: '/a', status: '200' });
    requests.inc({ route: '/a', status: '200' }, 2);
    requests.inc({ route: '/b', status: '404' });
    up.set({}, 7);
    expect(registry.render()).toBe(
      [
        '# HELP x_requests_total Requests.',
        '# TYPE x_requests_total counter',
        'x_requests_total{route="/a",status="200"} 3',
        'x_requests_total{route="/b",status="404"} 1',
        '# HELP x_connections Open connections.',
        '# TYPE x_connections gauge',
        'x_connections 7',
        '',
      ].join('\n'),
    );
  });

  it('shows a counter without labels as 0 before anything happened, and never lowers one', () => {
    const registry = new MetricsRegistry();
    const counter = registry.register(new Counter('x_total', 'Things.'));
    expect(registry.render()).toContain('\nx_total 0\n');
    counter.inc({}, -5);
    counter.inc({}, Number.NaN);
    expect(registry.render()).toContain('\nx_total 0\n');
  });

  it('renders a histogram with cumulative buckets, +Inf, sum and count', () => {
    const registry = new MetricsRegistry();
    const latency = registry.register(new Histogram('x_seconds', 'Latency.', ['route'], [0.1, 1]));
    for (const seconds of [0.05, 0.5, 0.5, 3]) latency.observe({ route: '/a' }, seconds);
    expect(registry.render().split('\n').slice(2, 7)).toEqual([
      'x_seconds_bucket{route="/a",le="0.1"} 1',
      'x_seconds_bucket{route="/a",le="1"} 3',
      'x_seconds_bucket{route="/a",le="+Inf"} 4',
      'x_seconds_sum{route="/a"} 4.05',
      'x_seconds_count{route="/a"} 4',
    ]);
  });

  it('escapes backslashes, quotes and line breaks in label values and help', () => {
    const registry = new MetricsRegistry();
    registry.register(new Counter('x_total', 'Line one\nline two.', ['v'])).inc({ v: 'a"b\\c\nd' });
    const text = registry.render();
    expect(text).toContain('# HELP x_total Line one\\nline two.\n');
    expect(text).toContain('x_total{v="a\\"b\\\\c\\nd"} 1\n');
  });

  it(`keeps at most ${MAX_SERIES_PER_METRIC} label sets per metric`, () => {
    const registry = new MetricsRegistry();
    const counter = registry.register(new Counter('x_total', 'Things.', ['id']));
    for (let i = 0; i < MAX_SERIES_PER_METRIC + 500; i++) counter.inc({ id: String(i) });
    counter.inc({ id: '0' });
    const series = registry
      .render()
      .split('\n')
      .filter((line) => line.startsWith('x_total{'));
    expect(series).toHaveLength(MAX_SERIES_PER_METRIC);
    expect(series[0]).toBe('x_total{id="0"} 2');
  });
});
