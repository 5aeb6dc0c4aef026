import { lazy, Suspense } from 'react';
import type { ReactElement } from 'react';

// Mantine's Tooltip brings floating-ui (~40 KB before compression). The icon rows that use it
// (Transfers, Home's results, the share actions' compact form) are not on a recipient's first
// visit, so it loads with the first row that needs it; until then the icon shows without its hint
// (its accessible name is on the button itself, so nothing is lost to a screen reader).
const Tooltip = lazy(() => import('./tooltip').then((m) => ({ default: m.Tooltip })));

/** A hover/focus hint for an icon button, like Mantine's Tooltip without its portal. */
export function HintTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip label={label} withinPortal={false}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
