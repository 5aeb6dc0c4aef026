import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isE2eError } from '@/lib/crypto/errors';
import { TooLargeToSaveError } from '@/lib/download-pipeline/memory-save-target';
import { fileCipherOf } from '@/lib/crypto/transfer-secrets';
import { downloadDecryptedFile, downloadFile } from '@/lib/download-file';
import { isGone } from '../api/request-download';
import { shareKeys } from '../keys';
import { useSavesInMemory } from './use-saves-in-memory';
import { proofHeaders, useShareAccess } from './use-share-access';
import { progressStep } from '../utils/progress-step';

export type FileDownloadState =
  | { status: 'idle' }
  /** `saved` of `total` plaintext bytes written; a file stored as sent is the browser's own download (total 0). */
  | { status: 'running'; saved: number; total: number }
  /**
   * damaged: the file failed its decryption, nothing kept; unsupported: no way to save a stream
   * here; too-large: over what this browser can save from memory (useSavesInMemory), not started.
   */
  | { status: 'failed'; problem: DownloadProblemKind };

export type DownloadProblemKind = 'damaged' | 'unsupported' | 'too-large' | 'failed';

/** The shape of a file the download needs: its own share id, name, type and plaintext size. */
export interface DownloadedFile {
  shareId: string;
  name: string;
  type: string;
  size: number;
}

function problemOf(error: unknown): DownloadProblemKind {
  if (isE2eError(error, 'damaged') || isE2eError(error, 'truncated')) return 'damaged';
  if (error instanceof Error && error.name === 'NoStreamingSaveError') return 'unsupported';
  if (error instanceof TooLargeToSaveError) return 'too-large';
  return 'failed';
}

/**
 * One file's Download, for the share whose page this is (useShareAccess): a file stored as sent
 * is the browser's own download, as it always was; an encrypted one is decrypted as it streams to
 * disk, with progress over its plaintext. When the server says the share is gone (expired, taken
 * down, its downloads used up), the page's share is read again, so the page turns into the screen
 * that says which at once.
 */
export function useFileDownload(file: DownloadedFile) {
  const access = useShareAccess();
  const memory = useSavesInMemory();
  const queryClient = useQueryClient();
  // An encrypted file this browser could only save from memory, and that is over its limit.
  const tooLarge = access.encrypted && memory.inMemory && file.size > memory.limit;
  const [state, setState] = useState<FileDownloadState>({ status: 'idle' });
  const running = useRef(false);

  const run = async () => {
    const headers = proofHeaders(access.proof);
    const { secrets } = access;
    if (!secrets) {
      await downloadFile(file.shareId, document.referrer, headers);
      return;
    }
    const step = progressStep(file.size);
    let shown = 0;
    await downloadDecryptedFile({
      ...file,
      cipher: async () => fileCipherOf(await secrets, file.shareId),
      referrer: document.referrer,
      headers,
      onProgress: (saved) => {
        if (saved - shown < step && saved < file.size) return;
        shown = saved;
        setState({ status: 'running', saved, total: file.size });
      },
    });
  };

  const start = async () => {
    // A share whose key is still being checked cannot be opened yet: the check ends in a moment.
    if (running.current || (access.encrypted && !access.secrets)) return;
    if (tooLarge) {
      setState({ status: 'failed', problem: 'too-large' });
      return;
    }
    running.current = true;
    setState({ status: 'running', saved: 0, total: access.encrypted ? file.size : 0 });
    try {
      await run();
      setState({ status: 'idle' });
    } catch (error) {
      // Cancelled in the browser's download bar: nothing to say. Gone: the page says it instead.
      const quiet = isGone(error) || (error instanceof DOMException && error.name === 'AbortError');
      setState(quiet ? { status: 'idle' } : { status: 'failed', problem: problemOf(error) });
      if (isGone(error)) await queryClient.invalidateQueries({ queryKey: shareKeys.all });
    } finally {
      running.current = false;
    }
  };

  return { state, tooLarge, inMemory: access.encrypted && memory.inMemory, start: () => void start() };
}
