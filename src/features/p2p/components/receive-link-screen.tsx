import { useState } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/components/page-section';
import { ReceiveController, type ReceiveSnapshot } from '../controllers/receive-controller';
import { useController } from '../hooks/use-controller';
import { fromBase64Url } from '@/lib/crypto/base64url';
import { KEY_LENGTH } from '../protocol/frames';
import { isLinkId } from '../protocol/peer-ids';
import { useSweepLeftovers } from '../hooks/use-sweep-leftovers';
import { StayOpenNote } from './stay-open-note';
import { ReceivePanel } from './receive-panel';
import { TransferError } from './transfer-error';

/** The sender's public key from the link's fragment (`#...`), or null when it is missing or malformed. */
export function keyFromFragment(hash: string): Uint8Array | null {
  const key = fromBase64Url(hash.replace(/^#/, ''));
  return key !== null && key.length === KEY_LENGTH ? key : null;
}

function LinkReceiver({
  peerId,
  senderPublicKey,
  onStartOver,
}: {
  peerId: string;
  senderPublicKey: Uint8Array;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const { controller, snapshot } = useController<ReceiveSnapshot, ReceiveController>((ice) => {
    const made = new ReceiveController(ice, { mode: 'link', peerId, senderPublicKey });
    void made.start();
    return made;
  });
  if (controller === null || snapshot === null) return null;
  const waiting = (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{t('p2p.receive.connecting')}</Text>
    </Group>
  );
  return <ReceivePanel controller={controller} snapshot={snapshot} waiting={waiting} onStartOver={onStartOver} />;
}

/**
 * /p2p/{peerId}#{key}: receives from the sender of a link. The key never leaves this page except
 * as the proof inside the hello; a link without a well-formed key is refused here.
 */
export function ReceiveLinkScreen({ peerId, hash }: { peerId: string; hash: string }) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  useSweepLeftovers();
  const senderPublicKey = keyFromFragment(hash);
  const valid = isLinkId(peerId) && senderPublicKey !== null;
  return (
    <PageSection
      title={valid ? t('p2p.receive.title') : t('p2p.invalidLinkTitle')}
      intro={valid ? t('p2p.receive.intro') : undefined}
    >
      {valid ? (
        <>
          <StayOpenNote />
          <LinkReceiver
            key={round}
            peerId={peerId}
            senderPublicKey={senderPublicKey}
            onStartOver={() => setRound((value) => value + 1)}
          />
        </>
      ) : (
        <TransferError error="bad-link" />
      )}
    </PageSection>
  );
}
