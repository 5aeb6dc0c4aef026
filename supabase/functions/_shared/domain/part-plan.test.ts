import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE, MAX_FILE_SIZE, MAX_PARTS, MIB } from './constants.ts';
import { partRange, planParts, type PartPlan } from './part-plan.ts';

describe('planParts', () => {
  it.each<[string, number, PartPlan]>([
    ['empty file', 0, { partSize: DEFAULT_PART_SIZE, partCount: 1 }],
    ['1 byte', 1, { partSize: DEFAULT_PART_SIZE, partCount: 1 }],
    ['exactly one part', DEFAULT_PART_SIZE, { partSize: DEFAULT_PART_SIZE, partCount: 1 }],
    ['one byte over a part', DEFAULT_PART_SIZE + 1, { partSize: DEFAULT_PART_SIZE, partCount: 2 }],
    ['100 MiB', 100 * MIB, { partSize: DEFAULT_PART_SIZE, partCount: 13 }],
    ['2 GiB (the limit)', MAX_FILE_SIZE, { partSize: DEFAULT_PART_SIZE, partCount: 256 }],
    [
      'exactly MAX_PARTS default parts',
      MAX_PARTS * DEFAULT_PART_SIZE,
      { partSize: DEFAULT_PART_SIZE, partCount: MAX_PARTS },
    ],
    [
      'one byte beyond MAX_PARTS default parts',
      MAX_PARTS * DEFAULT_PART_SIZE + 1,
      { partSize: 9 * MIB, partCount: 8889 },
    ],
  ])('%s', (_label, size, expected) => {
    const plan = planParts(size);
    expect(plan).toEqual(expected);
    expect(plan.partCount).toBeLessThanOrEqual(MAX_PARTS);
    expect(plan.partSize % MIB).toBe(0);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (size) => {
    expect(() => planParts(size)).toThrow(RangeError);
  });

  it('covers every byte exactly once, with equal parts but the last', () => {
    const size = 3 * DEFAULT_PART_SIZE + 123;
    const plan = planParts(size);
    const ranges = Array.from({ length: plan.partCount }, (_, i) => partRange(plan, size, i + 1));
    expect(ranges[0]).toEqual({ start: 0, end: DEFAULT_PART_SIZE });
    expect(ranges.at(-1)).toEqual({ start: 3 * DEFAULT_PART_SIZE, end: size });
    expect(ranges.reduce((sum, r) => sum + r.end - r.start, 0)).toBe(size);
  });
});
