import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpenedOnce } from './use-opened-once';

describe('useOpenedOnce', () => {
  it('is false until the first opening, then stays true after closing', () => {
    const { result, rerender } = renderHook(({ opened }) => useOpenedOnce(opened), { initialProps: { opened: false } });
    expect(result.current).toBe(false);
    rerender({ opened: true });
    expect(result.current).toBe(true);
    rerender({ opened: false });
    expect(result.current).toBe(true);
  });
});
