// Human-readable sizes (SPEC §9): base 1024, at most 2 decimals, trailing zeros dropped.
const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(Math.max(Math.floor(Math.log(bytes) / Math.log(1024)), 0), UNITS.length - 1);
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${UNITS[i]}`;
}
