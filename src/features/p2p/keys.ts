/** Query keys of the direct-transfer feature. */
export const p2pKeys = {
  all: ['p2p'] as const,
  iceServers: () => [...p2pKeys.all, 'ice-servers'] as const,
};
