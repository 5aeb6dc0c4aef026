// The transfers part of the API's contract (re-exported by ./api-types.ts, where callers import
// it from): a transfer is what one visitor sends in one go, under one link /s/{shareId}, whose id
// shares one namespace with the files' ids. Dates are ISO strings.
import type { DownloadTicket, FilePath, FileDto, ShareDto } from './api-types.ts';
import type { MaxDownloads, ShareAccessDto, TransferEncryptionRequest } from './share-access-types.ts';

/**
 * GET /shares/{shareId} of a file: the file, its folder and the transfer it belongs to, whose
 * encryption and download limit it shares (a file sent alone has neither).
 */
export interface FileShareDto extends ShareDto, ShareAccessDto {
  kind: 'file';
  path: FilePath;
  /** The share id of the file's transfer (its one link is /s/{transferShareId}); null: none. */
  transferShareId: string | null;
  /**
   * For a file stored as sent, with no password and no download limit: a presigned GET of it, so
   * that a page opened from the link downloads on the first tap without first asking for a ticket
   * (the tap then only counts the download). Null for every other file, which needs its ticket.
   */
  directDownload: DirectDownload | null;
}

/** A presigned GET a page may open as it is, while it lasts. */
export interface DirectDownload {
  url: string;
  /** How long it works from the answer, in seconds. */
  expiresInSeconds: number;
}

/** One complete file in a transfer's list. */
export interface TransferFileDto extends ShareDto {
  path: FilePath;
}

/** What the recipient and the sender alike see of a transfer. */
export interface TransferSummaryDto {
  shareId: string;
  /** The sender's own words, shown escaped and marked as theirs; null when they gave none. */
  senderName: string | null;
  message: string | null;
  createdAt: string;
  /** The latest expiry of its files; null while no file has completed. */
  expiresAt: string | null;
  /** Download all (POST /shares/{shareId}/download of the transfer) counts here, once a call. */
  downloadCount: number;
  viewCount: number;
}

/**
 * GET /shares/{shareId} of a transfer. 404 when it has no live file and none still uploading;
 * 410 file_removed when an admin took it down.
 */
export interface TransferDto extends TransferSummaryDto, ShareAccessDto {
  kind: 'transfer';
  /** Complete, live files, sorted by path then name. */
  files: TransferFileDto[];
  /** Files still uploading (not listed yet). */
  pendingFiles: number;
}

/** What GET /shares/{shareId} answers: share ids of files and of transfers share one namespace. */
export type ShareLookup = FileShareDto | TransferDto;

/** One file's presigned GET within a transfer's download. */
export interface TransferDownloadTicket extends DownloadTicket {
  shareId: string;
  path: FilePath;
  /** What people get (for an encrypted file, its size before encryption) and what the bucket holds. */
  size: number;
  storedSize: number;
}

/**
 * POST /shares/{shareId}/download of a transfer: one ticket per complete file, in the list's order
 * (path, then name). Counts one transfer download and one download of each file; takes one slot
 * of the download-ticket rate limit, however many files.
 */
export interface TransferDownload {
  tickets: TransferDownloadTicket[];
  /** Of a limited transfer: the downloads still allowed after this one. */
  downloadsLeft?: number;
}

/** A transfer as its sender sees it (the device holds the transfer's owner token). */
export interface OwnedTransferDto extends TransferSummaryDto {
  shareUrl: string;
  /** An admin took the whole transfer down. */
  takenDown: boolean;
  /** How many files the transfer holds (uploading, complete or taken down), listed or not. */
  fileCount: number;
  /** Those files' bytes together. */
  size: number;
  /**
   * Its files sorted by path then name: the first LOOKUP_FILES_PER_TRANSFER of them, so that one
   * answer stays small; the transfer's own page (/s/{shareId}) lists every one.
   */
  files: FileDto[];
}

/** POST /transfers: what one visitor sends in one go gets one link. */
export interface CreateTransferRequest {
  /** At most SENDER_NAME_MAX_LENGTH characters, one line. */
  senderName?: string;
  /** At most TRANSFER_MESSAGE_MAX_LENGTH characters. */
  message?: string;
  /** End-to-end encrypted: every file's `size` at POST /uploads is then its stored size. */
  encryption?: TransferEncryptionRequest;
  /** Delete after this many downloads (400 invalid_max_downloads for any other number). */
  maxDownloads?: MaxDownloads | null;
}

/** 201 of POST /transfers. */
export interface CreatedTransfer {
  transferId: string;
  /** /s/{shareId} lists every file of the transfer. */
  shareId: string;
  shareUrl: string;
  /** Adds files (CreateUploadRequest.transfer), deletes, looks up and mails the transfer. */
  ownerToken: string;
}
