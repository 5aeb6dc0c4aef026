// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newTransferSecrets } from '@/lib/crypto/transfer-secrets';
import { refuseUsedFileId } from './part-cipher';
import { createUploadStore } from './store';

describe('the id an encrypted file is sealed under', () => {
  it('is refused when this device already sent a file under it, for an encrypted file only', async () => {
    const store = createUploadStore(`part-cipher-test-${crypto.randomUUID()}`);
    await store.putOwnedFile({ shareId: 'Used1234', ownerToken: 't', fileId: 'f', name: 'a.txt', createdAt: 1 });
    const encrypted = { size: 10, encryption: await newTransferSecrets() };

    // Its key and nonces would be those of the file sent before: both could be read.
    await expect(refuseUsedFileId(encrypted, 'Used1234', store)).rejects.toThrow(/another file already has/);
    await expect(refuseUsedFileId(encrypted, 'Fresh123', store)).resolves.toBeUndefined();
    await expect(refuseUsedFileId({ size: 10 }, 'Used1234', store)).resolves.toBeUndefined();
  });
});
