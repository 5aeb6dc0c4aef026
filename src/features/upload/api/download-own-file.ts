import type { FileDto } from '@domain/api-types';
import { fileCipherOf, linkWithKey } from '@/lib/crypto/transfer-secrets';
import { downloadDecryptedFile, downloadFile } from '@/lib/download-file';
import { sentTransferOf } from '@/lib/upload-engine/owned-transfers';

/**
 * The uploader's own copy of a file it sent. A file of an encrypted transfer is decrypted as it
 * streams to disk, with the link key the device kept; with a password, whose slow key the device
 * does not keep, its full link opens in a new tab, whose page asks for the password. A file stored
 * as it was sent is saved by the browser itself.
 */
export async function downloadOwnFile(file: FileDto): Promise<void> {
  // Read before the save dialog opens: an IndexedDB read is far inside the tap's activation.
  const transfer = await sentTransferOf(file.shareId);
  const linkKey = transfer?.linkKey;
  if (linkKey === undefined) {
    await downloadFile(file.shareId, 'direct');
    return;
  }
  if (transfer?.withPassword === true) {
    window.open(linkWithKey(file.shareUrl, linkKey), '_blank', 'noopener,noreferrer');
    return;
  }
  await downloadDecryptedFile({
    shareId: file.shareId,
    name: file.name,
    type: file.type,
    size: file.size,
    cipher: () => fileCipherOf({ linkKey }, file.shareId),
    referrer: 'direct',
  });
}
