// Who may read a share, beyond holding its link: the password of an encrypted transfer (a proof
// checked in constant time, wrong ones limited per share and per visitor) and the download limit
// (one guarded UPDATE per download). A file of a transfer is read under its transfer's rules; a
// file sent alone has neither. docs/encryption.md, "The server's part", is the contract.
import type { ApiContext } from '../context.ts';
import type { ShareAccessDto } from '../domain/api-types.ts';
import { UNLOCK_SHARE_WINDOW_MS, UNLOCK_VISITOR_WINDOW_MS } from '../domain/constants.ts';
import {
  ENCRYPTION_VERSION,
  MAX_DOWNLOADS_CHOICES,
  PASSWORD_ITERATIONS,
  SHARE_PROOF_HEADER,
} from '../domain/share-access-types.ts';
import { HttpError, timingSafeEqual } from '../http.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../rate-limit.ts';
import { takeLimitedDownload, type TransferEncryption, type TransferRow } from '../transfers-repo.ts';

/** Bytes of the key check and the salt (22 characters), and of the verifier (43). */
const CHECK_BYTES = 16;
const VERIFIER_BYTES = 32;

/**
 * Whether `value` is exactly `bytes` bytes in base64url without padding, spelled the one way an
 * encoder writes them (the last character's spare bits zero), so each value has one spelling.
 */
export function isBase64UrlOf(value: unknown, bytes: number): value is string {
  const length = Math.ceil((bytes * 8) / 6);
  if (typeof value !== 'string' || value.length !== length || !/^[A-Za-z0-9_-]+$/.test(value)) return false;
  const spareBits = length * 6 - bytes * 8;
  const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(value.charAt(length - 1));
  return (last & ((1 << spareBits) - 1)) === 0;
}

const invalidEncryption = (why: string) =>
  new HttpError(400, 'invalid_encryption', `The encryption is not accepted: ${why}.`);

/** POST /transfers' `encryption`: null when absent; any other shape, 400 invalid_encryption. */
export function parseEncryption(value: unknown): TransferEncryption | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidEncryption('expected an object');
  const e = value as Record<string, unknown>;
  const unknown = Object.keys(e).filter((k) => !['version', 'keyCheck', 'password'].includes(k));
  if (unknown.length > 0) throw invalidEncryption(`unknown field ${unknown[0]?.slice(0, 40)}`);
  if (e.version !== ENCRYPTION_VERSION) throw invalidEncryption(`version must be ${ENCRYPTION_VERSION}`);
  if (!isBase64UrlOf(e.keyCheck, CHECK_BYTES)) throw invalidEncryption('keyCheck must be 22 base64url characters');
  if (e.password === undefined || e.password === null) return { version: 1, keyCheck: e.keyCheck, password: null };
  if (typeof e.password !== 'object' || Array.isArray(e.password))
    throw invalidEncryption('password must be an object');
  const p = e.password as Record<string, unknown>;
  if (
    Object.keys(p).length !== 2 ||
    !isBase64UrlOf(p.salt, CHECK_BYTES) ||
    !isBase64UrlOf(p.verifier, VERIFIER_BYTES)
  ) {
    throw invalidEncryption('password must be { salt: 22, verifier: 43 base64url characters }');
  }
  return { version: 1, keyCheck: e.keyCheck, password: { salt: p.salt, verifier: p.verifier } };
}

/** POST /transfers' `maxDownloads`: null (no limit) when absent; one of the choices, or 400. */
export function parseMaxDownloads(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if ((MAX_DOWNLOADS_CHOICES as readonly unknown[]).includes(value)) return value as number;
  throw new HttpError(
    400,
    'invalid_max_downloads',
    `maxDownloads must be one of ${MAX_DOWNLOADS_CHOICES.join(', ')}, or absent for no limit.`,
  );
}

/**
 * What a share's page learns of its encryption and limit. The key check is public with a password
 * too: a one-way value of a 256-bit random key, it tells nothing of the key or the password, and
 * it lets the page say a changed link is broken before it asks for a password no one could get right.
 */
export function shareAccess(transfer: TransferRow | null): ShareAccessDto {
  const e = transfer?.encryption ?? null;
  const limit = transfer?.maxDownloads ?? null;
  return {
    encryption: e && {
      version: e.version,
      keyCheck: e.keyCheck,
      ...(e.password ? { password: { salt: e.password.salt, iterations: PASSWORD_ITERATIONS } } : {}),
    },
    maxDownloads: limit,
    downloadsLeft: limit === null || !transfer ? null : Math.max(0, limit - transfer.downloadsUsed),
  };
}

const usedUp = () =>
  new HttpError(410, 'download_limit_reached', "This link's downloads are used up: the sender allowed no more.");

/** 410 once a limited transfer's downloads are used up (its page, its previews). */
export function refuseUsedUp(transfer: TransferRow | null): void {
  if (transfer?.maxDownloads != null && transfer.downloadsUsed >= transfer.maxDownloads) throw usedUp();
}

/**
 * Takes one download of the transfer's limit: the downloads left after it, undefined when there is
 * no limit, 410 when none was left (parallel requests for the last one: exactly one gets it).
 */
export async function takeDownload(ctx: ApiContext, transfer: TransferRow | null): Promise<number | undefined> {
  if (transfer?.maxDownloads == null) return undefined;
  const left = await takeLimitedDownload(ctx.db, transfer.id, ctx.now());
  if (left === null) throw usedUp();
  return left;
}

const unlockLimits = (ctx: ApiContext): { share: RateLimit; visitor: RateLimit } => ({
  share: { action: 'unlock_share', max: ctx.config.limits.unlockFailuresPerShare, windowMs: UNLOCK_SHARE_WINDOW_MS },
  visitor: {
    action: 'unlock_visitor',
    max: ctx.config.limits.unlockFailuresPerVisitor,
    windowMs: UNLOCK_VISITOR_WINDOW_MS,
  },
});

const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_attempts', 'Too many wrong passwords. Please wait and try again.', {
    retryAfterSeconds,
  });

/** A proof as sent: 43 canonical base64url characters, or 400 invalid_proof. */
export function parseProof(value: unknown): string {
  if (isBase64UrlOf(value, VERIFIER_BYTES)) return value;
  throw new HttpError(400, 'invalid_proof', 'The proof must be 43 base64url characters.');
}

/**
 * Checks a proof against the transfer's verifier. A slot of each limit is taken first and given
 * back only when the proof was right, so parallel wrong proofs cannot pass a limit together, and
 * while a limit is full even the right proof waits (the limit bounds guesses, not only failures).
 */
export async function checkProof(ctx: ApiContext, transfer: TransferRow, proof: string, visitor: string) {
  const verifier = transfer.encryption?.password?.verifier;
  if (!verifier) throw new HttpError(409, 'no_password', 'This link has no password.');
  const limits = unlockLimits(ctx);
  const byShare = await takeSlot(ctx.db, limits.share, transfer.id, ctx.now());
  if (!byShare.ok) throw tooManyAttempts(byShare.retryAfterSeconds);
  const byVisitor = await takeSlot(ctx.db, limits.visitor, visitor, ctx.now());
  if (!byVisitor.ok) {
    await releaseSlot(ctx.db, limits.share, transfer.id);
    throw tooManyAttempts(byVisitor.retryAfterSeconds);
  }
  if (!timingSafeEqual(proof, verifier)) throw new HttpError(403, 'wrong_password', 'The password is wrong.');
  await releaseSlot(ctx.db, limits.share, transfer.id);
  await releaseSlot(ctx.db, limits.visitor, visitor);
}

/** A download or preview of a password-protected transfer needs the proof header; others pass. */
export async function requireProof(req: Request, ctx: ApiContext, transfer: TransferRow | null, visitor: string) {
  if (!transfer?.encryption?.password) return;
  const header = req.headers.get(SHARE_PROOF_HEADER);
  if (header === null || header === '') {
    throw new HttpError(403, 'password_required', 'This link needs its password.');
  }
  await checkProof(ctx, transfer, parseProof(header), visitor);
}
