/** Query keys of the transfers feature: this device's uploads as the server knows them. */
export const transfersKeys = {
  all: ['transfers'] as const,
  list: () => [...transfersKeys.all, 'list'] as const,
};
