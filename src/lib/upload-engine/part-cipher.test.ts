// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MIB } from '@domain/constants';
import { newTransferSecrets } from '@/lib/crypto/transfer-secrets';
import { partSealer, refuseUsedFileId } from './part-cipher';
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

describe('the plan an encrypted file is sealed to', () => {
  it('is refused when its parts cut records or leave some of the file out', async () => {
    const job = { size: 20 * MIB, encryption: await newTransferSecrets() };
    await expect(partSealer(job, { partSize: 8 * MIB, partCount: 3 }, 'AbCd1234')).resolves.toBeTypeOf('function');
    await expect(partSealer(job, { partSize: 8 * MIB + 1, partCount: 3 }, 'AbCd1234')).rejects.toThrow(/planned/);
    await expect(partSealer(job, { partSize: 8 * MIB, partCount: 2 }, 'AbCd1234')).rejects.toThrow(/planned/);
    // A plain file is sent as the server plans it.
    await expect(partSealer({ size: 20 * MIB }, { partSize: 5 * MIB + 1, partCount: 4 }, 'x')).resolves.toBeTypeOf(
      'function',
    );
  });
});
