import { createContext, useContext } from 'react';
import type { TransferDraft } from '@/lib/upload-engine/client';
import type { SelectedFile } from './use-file-selection';
import type { UploadedBatch } from './use-upload-batch';

/** What the upload card shares with the sections placed inside it (e.g. send by email). */
export interface UploadCardApi {
  /** The files picked and not yet uploaded. */
  selection: readonly SelectedFile[];
  /** True while an upload runs. */
  busy: boolean;
  /**
   * Uploads the selection as one transfer, exactly as the Upload button does (progress and the
   * link show in the card), with the sender's name and message when given. Resolves with the
   * transfer and its files; rejects with the server's message, or 'Please select files first' when
   * nothing is selected.
   */
  uploadSelection: (draft?: TransferDraft) => Promise<UploadedBatch>;
  /** What the last upload sent, with its link; null before one. */
  uploaded: UploadedBatch | null;
}

export const UploadCardContext = createContext<UploadCardApi | null>(null);

/** The card's state, for a section rendered as a child of `UploadCard`. */
export function useUploadCard(): UploadCardApi {
  const api = useContext(UploadCardContext);
  if (api === null) throw new Error('useUploadCard must be used inside <UploadCard>.');
  return api;
}
