// CORS of the embedded storage: it answers browsers from the same rule an external bucket is given
// (bucketCorsRule), so the one-machine host and R2 behave alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BucketCorsRule } from '../../functions/_shared/storage-cors.ts';
import { S3Failure } from './errors.ts';
import { header } from './s3-request.ts';

const VARY = 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method';

function allows(rule: BucketCorsRule, origin: string, method: string): boolean {
  return (
    (rule.AllowedOrigins.includes('*') || rule.AllowedOrigins.includes(origin)) && rule.AllowedMethods.includes(method)
  );
}

function headerAllowed(rule: BucketCorsRule, name: string): boolean {
  return rule.AllowedHeaders.some((h) => h === '*' || h.toLowerCase() === name);
}

function allowOrigin(rule: BucketCorsRule, origin: string): string {
  return rule.AllowedOrigins.includes('*') ? '*' : origin;
}

/**
 * Adds the CORS headers to an actual (non-preflight) request's answer. Set before the answer so
 * even our own errors (an expired URL) are readable by the page, which must re-sign rather than
 * fail blindly.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, rule: BucketCorsRule): void {
  const origin = header(req, 'origin');
  if (!origin) return;
  res.setHeader('Vary', VARY);
  if (!allows(rule, origin, (req.method ?? 'GET').toUpperCase())) return;
  res.setHeader('Access-Control-Allow-Origin', allowOrigin(rule, origin));
  if (rule.ExposeHeaders.length) res.setHeader('Access-Control-Expose-Headers', rule.ExposeHeaders.join(', '));
}

/** Answers an OPTIONS preflight, or throws S3's refusal. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, rule: BucketCorsRule): void {
  const origin = header(req, 'origin');
  const requestMethod = header(req, 'access-control-request-method');
  if (!origin || !requestMethod) {
    throw new S3Failure(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
  }
  const requested = (header(req, 'access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!allows(rule, origin, requestMethod) || !requested.every((h) => headerAllowed(rule, h))) {
    throw new S3Failure(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.');
  }
  res.statusCode = 200;
  res.setHeader('Access-Control-Allow-Origin', allowOrigin(rule, origin));
  res.setHeader('Access-Control-Allow-Methods', rule.AllowedMethods.join(', '));
  if (requested.length) res.setHeader('Access-Control-Allow-Headers', requested.join(', '));
  if (rule.ExposeHeaders.length) res.setHeader('Access-Control-Expose-Headers', rule.ExposeHeaders.join(', '));
  res.setHeader('Access-Control-Max-Age', String(rule.MaxAgeSeconds));
  res.setHeader('Vary', VARY);
  res.setHeader('Content-Length', '0');
  res.end();
}
