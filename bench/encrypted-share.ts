// End-to-end encryption as the benches need it: an encrypted file sent from Node as the app's
// engine sends one (so that a download can be measured against the same stored bytes), and the
// check that an upload the app made was really encrypted, so that no figure of a plaintext
// upload is printed as an encrypted one.
import { open, stat } from 'node:fs/promises';
import type { CreatedTransfer, DownloadTicket, FileShareDto } from '../supabase/functions/_shared/domain/api-types.ts';
import { ciphertextSize, partPlace, RECORD_SIZE } from '../src/lib/crypto/format.ts';
import { linkKeyToFragment } from '../src/lib/crypto/link-key.ts';
import { encryptRange } from '../src/lib/crypto/records.ts';
import { encryptionRequest, fileCipherOf, newTransferSecrets } from '../src/lib/crypto/transfer-secrets.ts';
import { headOf } from './files.ts';
import { call, shareBytes, type Target } from './platform.ts';

export interface EncryptedShare {
  /** The file's own share id: its link is /s/{fileId}#{fragment}. */
  fileId: string;
  /** The link key, as the link's fragment carries it. */
  fragment: string;
}

/**
 * The file at `file` sent from Node in an encrypted transfer of its own, as the app's engine
 * sends one: POST /transfers with the key check, POST /uploads with the stored size, each part
 * sealed with encryptRange over its records.
 */
export async function shareEncryptedFile(target: Target, file: string, name: string): Promise<EncryptedShare> {
  const secrets = await newTransferSecrets();
  const transfer = await call<CreatedTransfer>(target, 'POST', '/transfers', {
    encryption: await encryptionRequest(secrets),
  });
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const fileId = await shareBytes(
      target,
      {
        name,
        type: 'application/octet-stream',
        size: ciphertextSize(size),
        transfer: { shareId: transfer.shareId, ownerToken: transfer.ownerToken },
        path: '',
      },
      async (start, _length, upload) => {
        const place = partPlace(start / upload.partSize + 1, upload.partSize, size);
        const plaintext = new Uint8Array(place.plaintextEnd - place.plaintextStart);
        await handle.read(plaintext, 0, plaintext.length, place.plaintextStart);
        const cipher = await fileCipherOf(secrets, upload.shareId);
        return encryptRange(cipher, plaintext, place.firstRecord, place.isLastPart);
      },
    );
    return { fileId, fragment: linkKeyToFragment(secrets.linkKey) };
  } finally {
    await handle.close();
  }
}

/**
 * Why the stored file of share `shareId` is not `file` end-to-end encrypted, or null when it is:
 * the share says it is encrypted, the bucket holds exactly `ciphertextSize` of the file's size,
 * and its first record is not the file's first bytes.
 */
export async function encryptionProblem(target: Target, shareId: string, file: string): Promise<string | null> {
  const { size } = await stat(file);
  const share = await call<FileShareDto>(target, 'GET', `/shares/${shareId}`);
  if (share.encryption === null) return `GET /shares/${shareId} says its encryption is null`;
  if (share.size !== size) return `the share's size is ${share.size}, the file's ${size}`;
  const stored = ciphertextSize(size);
  const { url } = await call<DownloadTicket>(target, 'POST', `/shares/${shareId}/download`, {});
  const length = Math.min(RECORD_SIZE, stored);
  const res = await fetch(url, { headers: { range: `bytes=0-${length - 1}` } });
  if (res.status !== 206) {
    await res.body?.cancel();
    return `the bucket answered ${res.status} to a range of the stored object`;
  }
  const total = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
  const head = new Uint8Array(await res.arrayBuffer());
  if (total !== stored) return `the bucket holds ${total} bytes, not the ${stored} of the file encrypted`;
  if (
    Buffer.from(head)
      .subarray(0, size)
      .equals(await headOf(file, Math.min(length, size)))
  ) {
    return 'the stored bytes are the file as sent';
  }
  return null;
}
