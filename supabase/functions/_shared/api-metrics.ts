// What the API counts for an operator's scrape (GET /metrics on the Node host): requests by route
// pattern, their latency, refusals by error code, uploads, downloads and sweeps, and the gauges the
// host fills in at scrape time. Every label comes from a closed set: a route's pattern from the
// route table (never the path a caller sent), a method we route, a status and an ApiErrorCode we
// answer with. So the number of series stays bounded whatever the traffic.
import type { ApiErrorCode, SweepResult } from './domain/api-types.ts';
import { Histogram, LATENCY_BUCKETS_SECONDS, MetricsRegistry } from './metrics.ts';

/** The route label of a request no row of the route table answers. */
export const UNMATCHED_ROUTE = 'unmatched';

const ROUTED_METHODS = new Set(['GET', 'POST', 'DELETE', 'OPTIONS']);

/**
 * Successful answers of these routes are events an operator counts. A download is a ticket
 * granted (the file's download count moves with it); a completed upload is counted where it is
 * recorded (`uploadCompleted`), since a repeated complete answers 200 again.
 */
export const COUNTED_ROUTES = {
  uploadStarted: 'POST /uploads',
  download: 'POST /shares/:shareId/download',
} as const;

export interface AnsweredRequest {
  method: string;
  /** The matched route's pattern (`/uploads/:fileId/parts`), or UNMATCHED_ROUTE. */
  route: string;
  status: number;
  /** The error code of a refusal or failure. */
  code?: ApiErrorCode;
  seconds: number;
}

export class ApiMetrics {
  readonly registry = new MetricsRegistry();
  private readonly requests = this.registry.counter(
    'ulak_http_requests_total',
    'API requests answered, by route pattern, method and status.',
    ['route', 'method', 'status'],
  );
  private readonly latency = this.registry.register(
    new Histogram(
      'ulak_http_request_duration_seconds',
      'Time from a request reaching the API to its answer, by route pattern and method.',
      ['route', 'method'],
      LATENCY_BUCKETS_SECONDS,
    ),
  );
  private readonly errors = this.registry.counter(
    'ulak_api_errors_total',
    'API refusals and failures (4xx and 5xx), by error code.',
    ['code'],
  );
  private readonly quotaRefusals = this.registry.counter(
    'ulak_quota_refusals_total',
    'Requests refused by a quota or rate limit (429), by error code.',
    ['code'],
  );
  private readonly uploadsStarted = this.registry.counter(
    'ulak_uploads_started_total',
    'Uploads created (POST /uploads answered 201).',
  );
  private readonly uploadsCompleted = this.registry.counter(
    'ulak_uploads_completed_total',
    'Uploads completed and recorded as files.',
  );
  private readonly downloads = this.registry.counter(
    'ulak_downloads_total',
    'Download tickets granted (POST /shares/:shareId/download).',
  );
  private readonly sweepRuns = this.registry.counter(
    'ulak_sweep_runs_total',
    "Runs of this host's expiry sweep, by outcome.",
    ['outcome'],
  );
  private readonly sweepRemoved = this.registry.counter(
    'ulak_sweep_removed_files_total',
    'Files the sweep removed: expired, or uploads left idle.',
    ['reason'],
  );
  private readonly storedBytes = this.registry.gauge(
    'ulak_stored_bytes',
    'Bytes of the complete files stored (read from the database).',
  );
  private readonly storedFiles = this.registry.gauge(
    'ulak_stored_files',
    'Complete files stored (read from the database).',
  );
  private readonly peerConnections = this.registry.gauge(
    'ulak_peer_connections',
    "Browsers connected to this host's PeerJS server.",
  );

  constructor() {
    // The sweep's label sets are known in advance: each reads 0 until it happens.
    for (const outcome of ['completed', 'skipped', 'failed']) this.sweepRuns.inc({ outcome }, 0);
    for (const reason of ['expired', 'idle']) this.sweepRemoved.inc({ reason }, 0);
  }

  recordRequest({ method, route, status, code, seconds }: AnsweredRequest): void {
    const methodLabel = ROUTED_METHODS.has(method) ? method : 'other';
    this.requests.inc({ route, method: methodLabel, status: String(status) });
    this.latency.observe({ route, method: methodLabel }, seconds);
    if (status >= 400 && code) {
      this.errors.inc({ code });
      if (status === 429) this.quotaRefusals.inc({ code });
    }
    if (status < 200 || status > 299) return;
    const key = `${method} ${route}`;
    if (key === COUNTED_ROUTES.uploadStarted) this.uploadsStarted.inc({});
    else if (key === COUNTED_ROUTES.download) this.downloads.inc({});
  }

  uploadCompleted(): void {
    this.uploadsCompleted.inc({});
  }

  /**
   * A run of this host's sweep: its result (`skipped` when another run had it, on this host or
   * another sharing the database), or null when it failed.
   */
  sweepRan(result: (SweepResult & { skipped?: boolean }) | null): void {
    this.sweepRuns.inc({ outcome: result ? (result.skipped ? 'skipped' : 'completed') : 'failed' });
    if (!result) return;
    this.sweepRemoved.inc({ reason: 'expired' }, result.deletedFiles);
    this.sweepRemoved.inc({ reason: 'idle' }, result.abortedUploads);
  }

  setStored(totals: { bytes: number; files: number }): void {
    this.storedBytes.set({}, totals.bytes);
    this.storedFiles.set({}, totals.files);
  }

  setPeerConnections(count: number): void {
    this.peerConnections.set({}, count);
  }

  render(): string {
    return this.registry.render();
  }
}
