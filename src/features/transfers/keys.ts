/** Query keys of the transfers feature: this device's uploads as the server knows them. */
export const transfersKeys = {
  all: ['transfers'] as const,
  list: () => [...transfersKeys.all, 'list'] as const,
  /**
   * The link keys the device kept for these transfers: not under `all`, because the queries under
   * it are saved to IndexedDB (persist-transfers.ts), and keys belong only in the device's records.
   */
  linkKeys: (shareIds: readonly string[]) => ['transfer-link-keys', ...shareIds] as const,
};
