import { createContext, useContext } from 'react';
import type { FileDto } from '@domain/api-types';
import type { SelectedFile } from './use-file-selection';

/** What the upload card shares with the sections placed inside it (e.g. send by email). */
export interface UploadCardApi {
  /** The files picked and not yet uploaded. */
  selection: readonly SelectedFile[];
  /** True while an upload runs. */
  busy: boolean;
  /**
   * Uploads the selection exactly as the Upload button does (progress and links show in the card).
   * Resolves with the finished files; rejects with the server's message, or 'Please select files
   * first' when nothing is selected.
   */
  uploadSelection: () => Promise<FileDto[]>;
  /** Files the last upload finished, with their share links. */
  uploaded: readonly FileDto[];
}

export const UploadCardContext = createContext<UploadCardApi | null>(null);

/** The card's state, for a section rendered as a child of `UploadCard`. */
export function useUploadCard(): UploadCardApi {
  const api = useContext(UploadCardContext);
  if (api === null) throw new Error('useUploadCard must be used inside <UploadCard>.');
  return api;
}
