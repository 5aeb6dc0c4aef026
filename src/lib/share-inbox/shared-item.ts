// What the share target keeps of one share from another app (Web Share Target), as the upload
// database stores it (src/lib/upload-engine/upload-db.ts).

/** A file as the share target received it. */
export interface SharedFile {
  blob: Blob;
  name: string;
  type: string;
  size: number;
}

/**
 * What one share from another app brought: its files, and the title, text and URL the sharing app
 * may add. Kept until the person uploads or discards it.
 */
export interface SharedItemRecord {
  id: string;
  /** ms since epoch. */
  sharedAt: number;
  title: string | null;
  text: string | null;
  url: string | null;
  files: SharedFile[];
}
