// The share target's inbox: what other apps shared to this one (Web Share Target), kept in the
// upload database until the person uploads or discards it. The service worker puts what a share
// brings; the /shared screen lists and deletes it.

import { connectUploadDb, originUploadDb, type UploadDbConnection, SHARED } from '@/lib/upload-engine/upload-db';
import type { SharedItemRecord } from './shared-item';

export interface ShareInbox {
  put(record: SharedItemRecord): Promise<void>;
  /** Oldest first. */
  list(): Promise<SharedItemRecord[]>;
  delete(id: string): Promise<void>;
}

function shareInboxIn(db: UploadDbConnection): ShareInbox {
  return {
    async put(record) {
      await (await db()).put(SHARED, record);
    },
    async list() {
      const items = await (await db()).getAll(SHARED);
      return items.sort((a, b) => a.sharedAt - b.sharedAt);
    },
    async delete(id) {
      await (await db()).delete(SHARED, id);
    },
  };
}

/** An inbox on a connection of its own to the database `name`, for tests. */
export function createShareInbox(name: string): ShareInbox {
  return shareInboxIn(connectUploadDb(name));
}

let defaultInbox: ShareInbox | undefined;

/** This origin's inbox, one per context. */
export function getShareInbox(): ShareInbox {
  defaultInbox ??= shareInboxIn(originUploadDb());
  return defaultInbox;
}
