import { IN_MEMORY_SAVE_MAX_BYTES } from '@/lib/download-pipeline/memory-save-target';
import { streamingSaveReady } from '@/lib/download-pipeline/save-target';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Whether this browser saves an encrypted file's download (and Download all's zip) only from
 * memory, up to `limit` bytes: known once the page is live in the browser (the host's render
 * cannot know), before any tap, so the page says it next to Download.
 */
export function useSavesInMemory(): { inMemory: boolean; limit: number } {
  const hydrated = useHydrated();
  return { inMemory: hydrated && !streamingSaveReady(), limit: IN_MEMORY_SAVE_MAX_BYTES };
}
