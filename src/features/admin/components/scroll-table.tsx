import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/**
 * A table that scrolls sideways on a narrow screen. The scrolling box is focusable and named, so
 * a keyboard can scroll it too (axe: scrollable-region-focusable), and positioned, so the visually
 * hidden labels inside it are clipped with it instead of widening the page.
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      tabIndex={0}
      role="region"
      aria-label={label}
      style={{ position: 'relative' }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
