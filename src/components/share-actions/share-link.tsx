import { Anchor, type AnchorProps } from '@mantine/core';

/** A share link written out in full: opens in a new tab, and breaks anywhere rather than overflow. */
export function ShareLink({ url, ...props }: { url: string } & Pick<AnchorProps, 'size' | 'fw'>) {
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      style={{ overflowWrap: 'anywhere', minWidth: 0 }}
      {...props}
    >
      {url}
    </Anchor>
  );
}
