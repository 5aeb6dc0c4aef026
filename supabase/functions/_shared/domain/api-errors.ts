// Why a request failed, as every non-2xx answer of the API says it (re-exported by ./api-types.ts,
// where callers import it from).

/**
 * Why a request failed. Stable and machine-readable: the page shows the sentence of its own
 * language for the code (src/locales, `errors.api.<code>`), never the server's English. A new
 * refusal gets a new code here, and a translation in both languages (a unit test checks it).
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
  | 'type_not_allowed'
  | 'maintenance'
  | 'too_many_parts'
  | 'invalid_parts'
  | 'parts_rejected'
  | 'size_mismatch'
  // shares and owner operations
  | 'invalid_share_link'
  | 'file_not_found'
  | 'file_removed'
  | 'not_owner'
  | 'too_many_files'
  // transfers
  | 'invalid_path'
  | 'transfer_full'
  | 'transfer_not_found'
  | 'upload_key_used'
  // end-to-end encryption, the password and the download limit
  | 'invalid_encryption'
  | 'invalid_max_downloads'
  | 'invalid_proof'
  | 'no_password'
  | 'password_required'
  | 'wrong_password'
  | 'too_many_attempts'
  | 'download_limit_reached'
  // the send card
  | 'no_files_selected'
  | 'recipients_none'
  | 'recipients_too_many'
  | 'recipient_invalid'
  | 'recipient_duplicate'
  | 'text_too_long'
  | 'mail_unavailable'
  | 'mail_failed'
  // reports
  | 'report_reason_invalid'
  // direct transfer
  | 'ice_rate_limited'
  // admin
  | 'credentials_required'
  | 'invalid_credentials'
  | 'sign_in_paused'
  | 'invalid_setting'
  | 'invalid_query'
  | 'page_not_found'
  | 'report_not_found'
  // Never sent by the server: the client's own names for failures that have no answer to read.
  /** No answer at all: offline, DNS, a reset connection. */
  | 'network'
  /** An answer that is not the API's: a proxy's error page, a host still starting, a static host. */
  | 'unexpected_answer'
  /** The bucket refused a part for good (params: part, status). */
  | 'part_refused'
  /** The bucket stored a part but did not show its ETag (its CORS rules must expose it). */
  | 'etag_missing'
  /** The file is no longer stored on this device (a cleared site data, an old job). */
  | 'file_missing'
  /** This device has no room left to keep a file for its upload (the browser's storage quota). */
  | 'device_full'
  /** The upload's record on this device is incomplete or lost some parts. */
  | 'upload_incomplete'
  /** The person cancelled the upload. */
  | 'upload_cancelled'
  /** This device no longer holds the owner token of a file. */
  | 'owner_token_missing'
  /** A failure of the page's own (a bug, a full disk): nothing the person did or can name. */
  | 'unexpected';

/**
 * Values a translated sentence may need (a limit, a size, a part number). A name ending in
 * `Bytes` holds a size, which the page writes out in its own language ('2 GB').
 */
export type ApiErrorParams = Record<string, string | number>;

/** Every non-2xx answer of the API. `error` is English, for logs, scripts and curl users. */
export interface ApiErrorBody {
  error: string;
  code: ApiErrorCode;
  params?: ApiErrorParams;
}
