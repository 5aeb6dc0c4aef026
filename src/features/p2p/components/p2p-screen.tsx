import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/components/page-section';
import { useSweepLeftovers } from '../hooks/use-sweep-leftovers';
import { ReceiveCodePanel } from './receive-code-panel';
import { SendPanel } from './send-panel';
import { StayOpenNote } from './stay-open-note';

/** Direct transfer (/p2p): send to a receive link or a typed code, or receive with a code. */
export function P2pScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('send');
  // The receiving side registers a code only once it is opened; each start-over makes a fresh one.
  const [receiveOpened, setReceiveOpened] = useState(false);
  const [sendRound, setSendRound] = useState(0);
  const [receiveRound, setReceiveRound] = useState(0);
  useSweepLeftovers();
  return (
    <PageSection title={t('p2p.title')} intro={t('p2p.intro')}>
      <StayOpenNote />
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab(value);
          if (value === 'receive') setReceiveOpened(true);
        }}
        // Hidden, not deactivated: React's Activity (Mantine's default) would run the send panel's
        // effect cleanups and end a transfer just because the other tab was opened.
        keepMounted
        keepMountedMode="display-none"
      >
        <Tabs.List aria-label={t('p2p.tabs.label')} grow>
          <Tabs.Tab value="send" leftSection={<IconSend size={16} aria-hidden />}>
            {t('p2p.tabs.send')}
          </Tabs.Tab>
          <Tabs.Tab value="receive" leftSection={<IconDownload size={16} aria-hidden />}>
            {t('p2p.tabs.receive')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="send" pt="md">
          <SendPanel key={sendRound} visible={tab === 'send'} onStartOver={() => setSendRound((round) => round + 1)} />
        </Tabs.Panel>
        <Tabs.Panel value="receive" pt="md">
          {receiveOpened && (
            <ReceiveCodePanel key={receiveRound} onStartOver={() => setReceiveRound((round) => round + 1)} />
          )}
        </Tabs.Panel>
      </Tabs>
    </PageSection>
  );
}
