// How a file is cut into multipart parts: all parts but the last the same size (R2 requires it),
// DEFAULT_PART_SIZE unless that would need more than MAX_PARTS parts.
import { DEFAULT_PART_SIZE, MAX_PARTS, MIB, MIN_PART_SIZE } from './constants.ts';

export interface PartPlan {
  partSize: number;
  partCount: number;
}

export function planParts(size: number): PartPlan {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new RangeError('File size must be a whole number of bytes, zero or more');
  }
  // An empty file is still one (empty) part: S3 needs at least one part to complete an upload.
  if (size === 0) return { partSize: DEFAULT_PART_SIZE, partCount: 1 };
  let partSize = Math.max(DEFAULT_PART_SIZE, MIN_PART_SIZE);
  if (Math.ceil(size / partSize) > MAX_PARTS) {
    partSize = Math.ceil(size / MAX_PARTS / MIB) * MIB;
  }
  return { partSize, partCount: Math.ceil(size / partSize) };
}

/** Byte range [start, end) of part partNumber (1-based). */
export function partRange(plan: PartPlan, size: number, partNumber: number): { start: number; end: number } {
  const start = (partNumber - 1) * plan.partSize;
  return { start, end: Math.min(start + plan.partSize, size) };
}
