// A real full disk for tests of the host process: a small tmpfs mounted in the host's own mount
// namespace (so nothing outside the test sees it), filled by the test through /proc/<pid>/root.
import { execFileSync } from 'node:child_process';
import { open, statfs } from 'node:fs/promises';
import type { StartHostOptions } from '../host/host-process.ts';

/**
 * The command prefix that gives the host a private mount namespace in which it may mount a
 * tmpfs: plain `unshare --mount` as root, or a user namespace (`unshare -Urm`) otherwise.
 */
export function mountNamespace(): string[] {
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? ['unshare', '--mount', '--propagation', 'private'] : ['unshare', '-Urm'];
  try {
    execFileSync(prefix[0]!, [...prefix.slice(1), 'sh', '-c', 'mount -t tmpfs -o size=1m probe /mnt'], {
      stdio: 'ignore',
    });
  } catch {
    throw new Error(
      `Cannot mount a tmpfs in a private mount namespace (${prefix.join(' ')}): the disk-full tests need it (root with CAP_SYS_ADMIN, or unprivileged user namespaces).`,
    );
  }
  return prefix;
}

/**
 * A `wrap` for startHost: the host runs with a tmpfs of `size` (e.g. '256m') mounted at `target`
 * (a shell word; "$DATA_DIR" is the host's data folder), after the shell `setup`, if any.
 * `runs` > 1 starts the host that many times in a row on the same disk (a failed start, then a
 * later one).
 */
export function onTmpfs(size: string, target: string, options: { setup?: string; runs?: number } = {}) {
  const wrap: NonNullable<StartHostOptions['wrap']> = (command) => [
    ...mountNamespace(),
    'sh',
    '-c',
    [
      `mount -t tmpfs -o size=${size} ulak-small-disk ${target} || exit 1`,
      options.setup ?? 'true',
      ...Array.from({ length: (options.runs ?? 1) - 1 }, () => '"$@"'),
      'exec "$@"',
    ].join('; '),
    'sh',
    ...command,
  ];
  return wrap;
}

/** A path as the host process sees it, through its own mount namespace. */
export function seenBy(pid: number, file: string): string {
  return `/proc/${pid}/root${file}`;
}

/** Free bytes of the file system holding `file`, for this user. */
export async function freeBytes(file: string): Promise<number> {
  const fs = await statfs(file);
  return fs.bavail * fs.bsize;
}

/**
 * Writes `file` until the disk has only `leave` bytes free (0: until ENOSPC, a full disk).
 * Returns the file's size.
 */
export async function fillDisk(file: string, leave = 0): Promise<number> {
  const handle = await open(file, 'w');
  const block = Buffer.alloc(1024 * 1024);
  let written = 0;
  try {
    for (;;) {
      const room = (await freeBytes(file)) - leave;
      if (room <= 0) break;
      written += (await handle.write(block, 0, Math.min(block.length, room))).bytesWritten;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC' || leave > 0) throw error;
  } finally {
    await handle.close();
  }
  return written;
}
