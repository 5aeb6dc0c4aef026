// One theme for light and dark; Mantine switches the palette by color scheme. Brand colours match
// the app icon (public/icons) and the manifest's theme colour.
import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/** Brand blue; index 6 is the primary shade in light mode and the manifest theme colour. */
const ulakBlue: MantineColorsTuple = [
  '#e7f1ff',
  '#d0e0ff',
  '#a0bffa',
  '#6d9cf6',
  '#437ef2',
  '#286bf1',
  '#1a5ff0',
  '#0b4fd6',
  '#0046c0',
  '#003caa',
];

export const theme = createTheme({
  primaryColor: 'ulak',
  primaryShade: { light: 6, dark: 5 },
  colors: { ulak: ulakBlue },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
});

/**
 * Colours the layout uses beyond Mantine's own: the header once the page has scrolled. Dimmed text
 * and error text are darker (lighter in dark mode) than Mantine's, which are below WCAG AA contrast (4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--ulak-header-scrolled-bg': 'rgba(255, 255, 255, 0.85)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--ulak-header-scrolled-bg': 'rgba(26, 27, 30, 0.85)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
