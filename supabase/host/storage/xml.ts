// S3's XML answers: the few documents the embedded storage writes itself, and its error body.
import type { ServerResponse } from 'node:http';
import type { S3Failure } from './errors.ts';

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One element with escaped text content. */
export function el(name: string, value: string): string {
  return `<${name}>${xmlEscape(value)}</${name}>`;
}

export function sendXml(res: ServerResponse, status: number, root: string, inner: string, headOnly = false): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${inner}</${root}>`;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/xml');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(headOnly ? undefined : body);
}

/** S3's `<Error>` document for a failure. */
export function sendError(res: ServerResponse, failure: S3Failure, headOnly: boolean): void {
  sendXml(res, failure.status, 'Error', el('Code', failure.code) + el('Message', failure.message), headOnly);
}
