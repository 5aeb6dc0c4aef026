// Re-exported from a module of its own so hint-tooltip.tsx can import it lazily and the bundler
// still takes only Tooltip out of Mantine's barrel.
export { Tooltip } from '@mantine/core';
