// The shapes the API answers with, shared by the API (which builds them) and the page and service
// worker (which read them), so the two sides cannot drift apart. Dates are ISO strings.

/** A shared file as anyone with the link sees it. */
export interface ShareDto {
  shareId: string;
  name: string;
  size: number;
  type: string;
  createdAt: string;
  /** Null while uploading; set to 3 days after upload when the upload completes. */
  expiresAt: string | null;
  downloadCount: number;
  viewCount: number;
}

/** A file as its owner sees it (the device that uploaded it holds its owner token). */
export interface FileDto extends ShareDto {
  fileId: string;
  shareUrl: string;
  state: 'uploading' | 'complete';
}

/**
 * Why the API refused a request. Stable and machine-readable: the page shows the sentence of its
 * own language for the code (src/locales, `errors.api.<code>`), never the server's English. A new
 * refusal gets a new code here, and a translation in both languages.
 */
export type ApiErrorCode =
  // any endpoint
  | 'bad_request'
  | 'body_too_large'
  | 'no_such_endpoint'
  | 'method_not_allowed'
  | 'invalid_api_key'
  | 'unauthorized'
  | 'rate_limited'
  | 'internal'
  | 'storage_unavailable'
  | 'storage_full'
  | 'database_unavailable'
  // uploads
  | 'name_required'
  | 'name_too_long'
  | 'name_invalid'
  | 'upload_rate_limited'
  | 'upload_quota'
  | 'invalid_size'
  | 'file_too_large'
  | 'invalid_type'
  | 'upload_not_found'
  | 'upload_complete'
  | 'upload_gone'
  | 'too_many_parts'
  | 'invalid_parts'
  | 'parts_rejected'
  | 'size_mismatch'
  // shares and owner operations
  | 'invalid_share_link'
  | 'file_not_found'
  | 'not_owner'
  | 'too_many_files'
  // the send card
  | 'no_files_selected'
  | 'recipients_none'
  | 'recipients_too_many'
  | 'recipient_invalid'
  | 'recipient_duplicate'
  | 'text_too_long'
  | 'mail_unavailable'
  | 'mail_failed'
  // admin
  | 'credentials_required'
  | 'invalid_credentials';

/** Values a translated sentence may need (a limit, a size, a part number). */
export type ApiErrorParams = Record<string, string | number>;

/** Every non-2xx answer of the API. `error` is English, for logs, scripts and curl users. */
export interface ApiErrorBody {
  error: string;
  code: ApiErrorCode;
  params?: ApiErrorParams;
}
