// The free-space reserve of the one-machine host: no write of ours (a stored part, a database
// statement) may take a file system below STORAGE_MIN_FREE_MB. Writes already on their way count:
// each storage write claims its announced length before its first byte and gives it back once
// written, so 30 parallel parts cannot each see the same free space. The embedded database is why
// this matters most: PGlite that meets a full disk (ENOSPC on a new WAL segment) does not fail the
// statement, it stops for good and takes the process's main thread with it, so it must never get
// there. Its file system also keeps DATABASE_HEADROOM_BYTES beyond the reserve, which storage
// writes may not take and the database's own statements may: when uploads have filled the disk,
// the sweep still deletes expired files and an admin still signs in and removes some, which is
// how the room comes back.
import { stat, statfs } from 'node:fs/promises';

/**
 * Room one database statement may need beyond the reserve (default 64 MiB): a new WAL segment
 * (16 MiB, written whole before use) and the tables' growth, with a margin.
 */
export const DATABASE_HEADROOM_BYTES = 64 * 1024 * 1024;

/**
 * Room a database statement needs above the reserve (default 24 MiB): a new WAL segment (16 MiB,
 * written whole before use) with a margin. Statements go on down to it, inside the headroom.
 */
export const DATABASE_STATEMENT_ROOM_BYTES = 24 * 1024 * 1024;

/** Who writes: the storage (parts, objects) or the database (its statements). */
export type Writer = 'storage' | 'database';

/** What the check saw; `free` is what the file system gives this user. */
export interface DiskRoom {
  ok: boolean;
  free: number;
  /** The free space this write must leave: the reserve, plus the database's headroom on its disk. */
  floor: number;
}

export interface DiskReserve {
  /** The reserve in bytes (STORAGE_MIN_FREE_MB). */
  readonly minFreeBytes: number;
  /** Whether `bytes` more may be written in `folder` now by `writer` (default storage), counting the writes in flight. */
  room(folder: string, bytes?: number, writer?: Writer): Promise<DiskRoom>;
  /**
   * Claims `bytes` in `folder` until the returned release is called, or returns null when that
   * would leave less than the floor.
   */
  claim(folder: string, bytes: number): Promise<(() => void) | null>;
  /** Marks `folder`'s file system as the database's: every write there leaves its headroom too. */
  holdDatabase(folder: string): Promise<void>;
}

/** Measurements of free space a claim makes at most while other writes keep finishing. */
const MEASURE_TRIES = 3;

interface Device {
  inFlight: number;
  /** Counts releases: a free space measured before a release may not yet show that write's bytes. */
  releases: number;
  database: boolean;
}

export function createDiskReserve(minFreeBytes: number): DiskReserve {
  // Keyed by st_dev: the storage folder may be a mount of its own, or share the database's disk.
  const devices = new Map<number, Device>();
  const deviceOf = new Map<string, Promise<Device>>();

  function device(folder: string): Promise<Device> {
    let found = deviceOf.get(folder);
    if (!found) {
      found = stat(folder).then(({ dev }) => {
        let d = devices.get(dev);
        if (!d) devices.set(dev, (d = { inFlight: 0, releases: 0, database: false }));
        return d;
      });
      // A folder that does not exist yet is looked up again next time.
      found.catch(() => deviceOf.delete(folder));
      deviceOf.set(folder, found);
    }
    return found;
  }

  /**
   * The device and its free space, measured again (a few times at most) when a write was released
   * while statfs ran: that write's bytes may be missing from the figure and no longer in flight.
   */
  async function measure(folder: string, writer: Writer): Promise<{ device: Device; free: number; floor: number }> {
    const d = await device(folder);
    let fs: Awaited<ReturnType<typeof statfs>>;
    for (let tries = 0; ; tries++) {
      const releases = d.releases;
      fs = await statfs(folder);
      if (d.releases === releases || tries === MEASURE_TRIES) break;
    }
    const above = writer === 'database' ? DATABASE_STATEMENT_ROOM_BYTES : d.database ? DATABASE_HEADROOM_BYTES : 0;
    return { device: d, free: fs.bavail * fs.bsize, floor: minFreeBytes + above };
  }

  return {
    minFreeBytes,
    async room(folder, bytes = 0, writer = 'storage') {
      const { device: d, free, floor } = await measure(folder, writer);
      return { ok: free - d.inFlight - bytes >= floor, free, floor };
    },
    async claim(folder, bytes) {
      const { device: d, free, floor } = await measure(folder, 'storage');
      // Checked and counted in one step, so a claim made meanwhile is seen by the next.
      if (free - d.inFlight - bytes < floor) return null;
      d.inFlight += bytes;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        d.inFlight -= bytes;
        d.releases++;
      };
    },
    async holdDatabase(folder) {
      (await device(folder)).database = true;
    },
  };
}

const megabytesOf = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** Why `folder`'s disk takes no more writes, in one sentence an operator can act on. */
export function describeShortage(folder: string, room: DiskRoom, reserve: Pick<DiskReserve, 'minFreeBytes'>): string {
  const headroom = room.floor - reserve.minFreeBytes;
  return `The disk holding ${folder} has ${megabytesOf(room.free)} MB free, and Ulak keeps ${megabytesOf(room.floor)} MB free there (STORAGE_MIN_FREE_MB, ${megabytesOf(reserve.minFreeBytes)} MB${headroom > 0 ? `, plus ${megabytesOf(headroom)} MB for the database's own writes` : ''}): free some space, or lower STORAGE_MIN_FREE_MB.`;
}
