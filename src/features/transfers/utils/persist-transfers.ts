// Keeps the last Transfers list in IndexedDB, so the screen shows this device's files offline (and
// at once on a slow start). Only the transfers queries are kept: everything else is either public
// and cheap to fetch again, or admin data that must not outlive the session.
//
// A small persister over `idb` rather than @tanstack/query-persist-client-core: that package pins an
// older @tanstack/query-core, which would put a second copy of the query library in the bundle.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { RETENTION_MS } from '@domain/constants';
import { transfersKeys } from '../keys';

const DB_NAME = 'ulak-query-cache';
const STORE = 'queries';
const KEY = 'transfers';
/** Raised when the shape of what is stored changes: an older snapshot is then ignored. */
const BUSTER = 'transfers-v2';
/** Every file listed has expired by then; an older snapshot only shows dead links. */
const MAX_AGE_MS = RETENTION_MS;
/** Writes at most this often while the list keeps changing (progress, deletes). */
const WRITE_DELAY_MS = 500;

interface Snapshot {
  buster: string;
  savedAt: number;
  state: DehydratedState;
}

interface CacheDb extends DBSchema {
  [STORE]: { key: string; value: Snapshot };
}

let connection: Promise<IDBPDatabase<CacheDb>> | undefined;

function db(name: string): Promise<IDBPDatabase<CacheDb>> {
  connection ??= openDB<CacheDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
  return connection;
}

function isTransfersQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === transfersKeys.all[0];
}

/** Puts the last saved Transfers list into the cache (unless the cache already has newer data). */
export async function restoreTransfers(client: QueryClient, name = DB_NAME): Promise<void> {
  const snapshot = await (await db(name)).get(STORE, KEY);
  if (snapshot === undefined) return;
  if (snapshot.buster !== BUSTER || Date.now() - snapshot.savedAt > MAX_AGE_MS) {
    await (await db(name)).delete(STORE, KEY);
    return;
  }
  // hydrate keeps a query's data when the cache's own is newer (fetched while this was read).
  hydrate(client, snapshot.state);
}

/** Saves the Transfers list whenever a fetch of it succeeds or it is changed by hand. */
export function persistTransfers(client: QueryClient, name = DB_NAME): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isTransfersQuery(query.queryKey),
    });
    void db(name)
      .then((database) => database.put(STORE, { buster: BUSTER, savedAt: Date.now(), state }, KEY))
      .catch((error: unknown) => console.error('Could not save the Transfers list', error));
  };
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isTransfersQuery(event.query.queryKey)) return;
    if (event.action.type !== 'success') return;
    timer ??= setTimeout(save, WRITE_DELAY_MS);
  });
}

/** Restores the saved list, then keeps saving it. Call once at start-up. */
export function setupTransfersPersistence(client: QueryClient): void {
  if (typeof indexedDB === 'undefined') return;
  void restoreTransfers(client)
    .catch((error: unknown) => console.error('Could not read the saved Transfers list', error))
    .finally(() => persistTransfers(client));
}
