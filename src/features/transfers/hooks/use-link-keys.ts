import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { linkWithKey } from '@/lib/crypto/transfer-secrets';
import { listOwnedTransfers } from '@/lib/upload-engine/owned-transfers';
import type { MyTransfers } from '../api/get-my-files';
import { transfersKeys } from '../keys';

/** Whether the files of a transfer were encrypted: an encrypted file stores 16 bytes per record more. */
function isEncrypted(transfer: MyTransfers['transfers'][number]): boolean {
  return transfer.files.some((file) => file.storedSize !== undefined && file.storedSize !== file.size);
}

/** This device's transfers as Transfers shows them: every link of an encrypted one with its key. */
export interface KeyedTransfers extends MyTransfers {
  /** Share ids of encrypted transfers whose key this device does not hold: their links alone open nothing. */
  keyless: ReadonlySet<string>;
}

/**
 * The list with each encrypted transfer's links (its own and its files') made whole with the link
 * key the device kept with its record. The keys are read from the device's records each time and
 * never put in the query cache, which is saved to IndexedDB for offline use.
 */
export function useLinkKeys(list: MyTransfers): KeyedTransfers {
  const shareIds = list.transfers.map((transfer) => transfer.shareId);
  const keys = useQuery({
    queryKey: transfersKeys.linkKeys(shareIds),
    queryFn: async () => {
      const records = await listOwnedTransfers();
      return new Map(
        records.flatMap((record): [string, Uint8Array][] =>
          record.shareId !== null && record.linkKey !== undefined ? [[record.shareId, record.linkKey]] : [],
        ),
      );
    },
    staleTime: Infinity,
    gcTime: 0,
  }).data;
  return useMemo(() => {
    const keyless = new Set<string>();
    const transfers = list.transfers.map((transfer) => {
      const key = keys?.get(transfer.shareId);
      if (key === undefined) {
        if (keys !== undefined && isEncrypted(transfer)) keyless.add(transfer.shareId);
        return transfer;
      }
      return {
        ...transfer,
        shareUrl: linkWithKey(transfer.shareUrl, key),
        files: transfer.files.map((file) => ({ ...file, shareUrl: linkWithKey(file.shareUrl, key) })),
      };
    });
    return { ...list, transfers, keyless };
  }, [keys, list]);
}
