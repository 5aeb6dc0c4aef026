// Control messages, boxed inside control frames. Every field that arrives is checked here: the
// other page may be anyone's code, and only a well-formed message gets further.
import { MAX_OFFER_FILES, MAX_PATH_LENGTH } from './constants';
import { safeRelativePath } from './file-names';

/** A file as the sender offers it: its path inside the offer (folders included), size and type. */
export interface OfferedFile {
  path: string;
  size: number;
  type: string;
}

/** Why a side stopped a transfer, as it tells the other. */
export type CancelReason = 'cancelled' | 'decryption-failed' | 'read-failed' | 'storage-failed' | 'unexpected';

/** How far the receiver is, sent after a reconnection so the sender resumes there. */
export type SyncPhase = 'need-offer' | 'offered' | 'receiving' | 'done';

export type ControlMessage =
  /** Link path: the sender's key is proven; the people compare the safety code before the offer. */
  | { type: 'ready' }
  | { type: 'offer'; files: OfferedFile[] }
  | { type: 'accept' }
  /** Every chunk before `next` (counted over the whole offer) is written on the receiver's disk. */
  | { type: 'ack'; next: number }
  | { type: 'done' }
  | { type: 'cancel'; reason: CancelReason }
  /** The page is closing. */
  | { type: 'bye' }
  /** The listener took a rejoin; the receiver answers with `sync`. */
  | { type: 'rejoined' }
  | { type: 'sync'; phase: SyncPhase; next: number };

const CANCEL_REASONS: readonly CancelReason[] = [
  'cancelled',
  'decryption-failed',
  'read-failed',
  'storage-failed',
  'unexpected',
];
const SYNC_PHASES: readonly SyncPhase[] = ['need-offer', 'offered', 'receiving', 'done'];

/** A control message that is not what the protocol allows. */
export class MessageError extends Error {
  override readonly name = 'MessageError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new MessageError('Bad number');
  return value;
}

function offeredFile(value: unknown): OfferedFile {
  if (!isRecord(value) || typeof value.path !== 'string' || typeof value.type !== 'string') {
    throw new MessageError('Bad file');
  }
  const path = safeRelativePath(value.path);
  if (path === null || value.path.length > MAX_PATH_LENGTH) throw new MessageError('Bad file path');
  // A MIME type is short printable ASCII; anything else is dropped rather than trusted.
  const type = /^[\x21-\x7e]{1,255}$/.test(value.type) ? value.type : '';
  return { path, size: count(value.size), type };
}

export function parseControl(value: unknown): ControlMessage {
  if (!isRecord(value)) throw new MessageError('Not a message');
  switch (value.type) {
    case 'offer': {
      if (!Array.isArray(value.files) || value.files.length === 0 || value.files.length > MAX_OFFER_FILES) {
        throw new MessageError('Bad offer');
      }
      return { type: 'offer', files: value.files.map(offeredFile) };
    }
    case 'ack':
      return { type: 'ack', next: count(value.next) };
    case 'cancel':
      return {
        type: 'cancel',
        reason: CANCEL_REASONS.includes(value.reason as CancelReason) ? (value.reason as CancelReason) : 'unexpected',
      };
    case 'sync':
      if (!SYNC_PHASES.includes(value.phase as SyncPhase)) throw new MessageError('Bad sync');
      return { type: 'sync', phase: value.phase as SyncPhase, next: count(value.next) };
    case 'ready':
    case 'accept':
    case 'done':
    case 'bye':
    case 'rejoined':
      return { type: value.type };
    default:
      throw new MessageError('Unknown message');
  }
}
