import { cloneElement, lazy, Suspense, useRef, useState } from 'react';
import type { FocusEvent, MouseEvent, ReactElement, Ref } from 'react';

// Mantine's Tooltip brings floating-ui (~40 KB before compression). The icon rows that use it
// (Transfers, Home's results, the share actions' compact form) are not on a recipient's first
// visit, so it loads with the first row that needs it; until then the icon shows without its hint
// (its accessible name is on the button itself, so nothing is lost to a screen reader).
const Tooltip = lazy(() => import('./tooltip').then((m) => ({ default: m.Tooltip })));

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * A hover/focus hint for an icon button, like Mantine's Tooltip without its portal. The button is
 * rendered here, always the same element, and the tooltip beside it points at it once loaded.
 * Wrapping the button in the lazy Tooltip instead replaced the button when the Tooltip arrived: a
 * click under way at that moment (pressed on the old button, released on the new) was lost.
 */
export function HintTooltip({ label, children }: { label: string; children: ReactElement<TargetProps> }) {
  const target = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const own = children.props;
  return (
    <>
      {cloneElement(children, {
        ref: target,
        onMouseEnter: (event) => {
          own.onMouseEnter?.(event);
          setHovered(true);
        },
        onMouseLeave: (event) => {
          own.onMouseLeave?.(event);
          setHovered(false);
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          // Keyboard focus only, as browsers show focus rings: not after a click or a tap.
          setFocused(event.currentTarget.matches(':focus-visible'));
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          setFocused(false);
        },
      })}
      <Suspense fallback={null}>
        <Tooltip label={label} target={target} opened={hovered || focused} withinPortal={false} />
      </Suspense>
    </>
  );
}
