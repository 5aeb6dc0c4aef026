/** Query keys of the share feature: one share's public metadata. */
export const shareKeys = {
  all: ['shares'] as const,
  detail: (shareId: string) => [...shareKeys.all, shareId] as const,
};
