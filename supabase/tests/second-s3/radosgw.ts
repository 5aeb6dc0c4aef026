// A second, independent S3 implementation for the storage tests: Ceph's RADOS Gateway (radosgw),
// the S3 server many production clusters run, on a throwaway one-node Ceph cluster (one monitor,
// one OSD keeping its objects in memory) on loopback ports. Its S3 is not ours and not s3rver's: it
// checks SigV4 signatures (a signed Content-Length included), keeps CORS rules, implements
// multipart uploads with ListParts, ListMultipartUploads and abort, response-* overrides, deletes.
// Debian packages radosgw, ceph-mon and ceph-osd (.ci/run installs them). Fails, never skips,
// when they are missing.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../free-port.ts';

const run = promisify(execFile);
const BINARIES = ['ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'ceph', 'ceph-authtool', 'monmaptool'];

export interface Radosgw {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

async function which(bin: string): Promise<boolean> {
  return ['/usr/bin', '/usr/sbin', '/bin', '/sbin'].some((dir) => existsSync(path.join(dir, bin)));
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`radosgw test cluster: ${what} did not come up in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function startRadosgw(): Promise<Radosgw> {
  const missing = [];
  for (const bin of BINARIES) if (!(await which(bin))) missing.push(bin);
  if (missing.length) {
    throw new Error(
      `Ceph's radosgw is not installed (no ${missing.join(', ')}). The second-S3 storage tests need it: apt-get install radosgw ceph-mon ceph-osd`,
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-radosgw-'));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const conf = path.join(dir, 'ceph.conf');
  const pidFiles = ['mon.a', 'osd.0', 'client.rgw'].map((name) => path.join(dir, 'run', `${name}.pid`));
  const ceph = async (bin: string, args: string[]) => {
    // Ceph 16's client can send a command before the monitor's map has reached it. The command
    // then carries a zero cluster fsid and the monitor refuses it unread ('wrong fsid', or for the
    // `ceph` tool 'problem getting command descriptions'); seen in about 1 command in 30 on a
    // loaded 2-core machine. Only that refusal is tried again: nothing was done, so it is safe.
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(bin, ['-c', conf, ...args], { timeout: 60_000 });
      } catch (error) {
        const stderr = String((error as { stderr?: unknown }).stderr ?? '');
        if (attempt >= 5 || !/wrong fsid|problem getting command descriptions/.test(stderr)) throw error;
      }
    }
  };
  const stop = async () => {
    for (const file of pidFiles.reverse()) {
      const pid = Number(await readFile(file, 'utf8').catch(() => ''));
      if (Number.isInteger(pid) && pid > 0) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const sub of ['mon', 'osd', 'run', 'log', 'rgw']) await mkdir(path.join(dir, sub));
    const fsid = randomUUID();
    await writeFile(
      conf,
      [
        '[global]',
        `fsid = ${fsid}`,
        `mon host = v1:127.0.0.1:${monPort}`,
        // A private cluster on loopback that lives for one test run: no keys between daemons.
        'auth cluster required = none',
        'auth service required = none',
        'auth client required = none',
        'ms bind msgr2 = false',
        'osd pool default size = 1',
        'osd pool default min size = 1',
        'osd pool default pg num = 8',
        'osd pool default pgp num = 8',
        'mon allow pool size one = true',
        'mon max pg per osd = 1000',
        'osd crush chooseleaf type = 0',
        // The OSD places itself in the CRUSH map at boot with monitor commands, and a refusal for
        // the client race described at ceph() below ends it (1 start in 6 on a loaded 2-core
        // machine). So it sends none; `ceph osd crush add` below places it.
        'osd crush update on start = false',
        'osd class update on start = false',
        // Objects in memory: nothing to clean up on disk but this folder.
        'osd objectstore = memstore',
        'memstore device bytes = 1073741824',
        'osd max object name len = 460',
        'osd max object namespace len = 64',
        `osd data = ${dir}/osd`,
        `mon data = ${dir}/mon`,
        `run dir = ${dir}/run`,
        `admin socket = ${dir}/run/$name.asok`,
        `log file = ${dir}/log/$name.log`,
        `pid file = ${dir}/run/$name.pid`,
        `keyring = ${dir}/keyring`,
        '[client.rgw]',
        `rgw frontends = beast endpoint=127.0.0.1:${rgwPort}`,
        `rgw data = ${dir}/rgw`,
        '',
      ].join('\n'),
    );
    await run('ceph-authtool', [
      '--create-keyring',
      path.join(dir, 'keyring'),
      '--gen-key',
      '-n',
      'mon.',
      '--cap',
      'mon',
      'allow *',
    ]);
    await run('monmaptool', [
      '--create',
      '--add',
      'a',
      `v1:127.0.0.1:${monPort}`,
      '--fsid',
      fsid,
      path.join(dir, 'monmap'),
    ]);
    await ceph('ceph-mon', [
      '--mkfs',
      '-i',
      'a',
      '--monmap',
      path.join(dir, 'monmap'),
      '--keyring',
      path.join(dir, 'keyring'),
    ]);
    await ceph('ceph-mon', ['-i', 'a']);
    // The OSD's own uuid, given to the monitor and to mkfs alike: an OSD created without one is
    // refused at boot ('wrong fsid') when it registers with the uuid mkfs made up.
    const osdUuid = randomUUID();
    const osd = (await ceph('ceph', ['osd', 'create', osdUuid])).stdout.trim();
    await ceph('ceph-osd', ['--mkfs', '-i', osd, '--osd-uuid', osdUuid]);
    await ceph('ceph', ['osd', 'crush', 'add', `osd.${osd}`, '1', 'root=default']);
    await ceph('ceph-osd', ['-i', osd]);
    await waitFor('the OSD', async () => /1 up/.test((await ceph('ceph', ['osd', 'stat'])).stdout));
    // radosgw daemonises itself; its pid file says where it went.
    await new Promise<void>((resolve, reject) => {
      const child = spawn('radosgw', ['-c', conf, '-n', 'client.rgw'], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`radosgw exited with ${code}`))));
    });
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitFor('radosgw', async () => (await fetch(endpoint)).ok);
    const accessKeyId = 'ULAKSECONDS3';
    const secretAccessKey = `second-s3-${randomUUID()}`;
    await ceph('radosgw-admin', [
      'user',
      'create',
      '--uid=ulak',
      '--display-name=Ulak tests',
      `--access-key=${accessKeyId}`,
      `--secret=${secretAccessKey}`,
    ]);
    return { endpoint, accessKeyId, secretAccessKey, stop };
  } catch (error) {
    const log = await readFile(path.join(dir, 'log', 'client.rgw.log'), 'utf8').catch(() => '');
    await stop();
    throw new Error(`Could not start the radosgw test cluster: ${(error as Error).message}\n${log.slice(-2000)}`);
  }
}

/** Creates an empty bucket on the cluster, with the keys the tests use. */
export async function createBucket(rgw: Radosgw, bucket: string): Promise<void> {
  const client = new S3Client({
    endpoint: rgw.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: rgw.accessKeyId, secretAccessKey: rgw.secretAccessKey },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}
