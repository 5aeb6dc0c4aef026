import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { newKeyPair } from '../protocol/crypto';
import { toBase64Url } from '@/lib/crypto/base64url';
import { ReceiveLinkScreen } from './receive-link-screen';

const peerId = 'a'.repeat(22);
const hash = `#${toBase64Url(newKeyPair().publicKey)}`;

describe('a receive link when the ICE servers cannot be had', () => {
  it("says the API's own reason when it refused, in the page's language", async () => {
    const calls = stubApi(() =>
      jsonResponse(429, { error: 'Too many requests.', code: 'rate_limited', params: { retryAfterSeconds: 60 } }),
    );
    await renderWithProviders(<ReceiveLinkScreen peerId={peerId} hash={hash} />, { language: 'tr' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Buradan çok fazla istek geldi. Lütfen biraz bekleyip tekrar deneyin.',
    );
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/functions/v1/api/p2p/ice-servers']);
  });

  it('says the signalling server is out of reach when no answer came', async () => {
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderWithProviders(<ReceiveLinkScreen peerId={peerId} hash={hash} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The transfer stopped');
    expect(alert).toHaveTextContent('The signalling server cannot be reached. Check your connection and try again.');
  });
});

describe('a receive link in a browser without WebRTC', () => {
  it.each([
    ['en', 'This browser cannot do direct transfer: it has no WebRTC.'],
    ['tr', 'Bu tarayıcı doğrudan aktarım yapamıyor: WebRTC desteği yok.'],
  ] as const)(
    'says in %s that this browser cannot do direct transfer, not that a firewall is in the way',
    async (language, said) => {
      // The test's DOM, like WebKitGTK, has no RTCPeerConnection.
      expect('RTCPeerConnection' in window).toBe(false);
      stubApi(() => jsonResponse(200, { iceServers: [] }));
      await renderWithProviders(<ReceiveLinkScreen peerId={peerId} hash={hash} />, { language });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(said);
      expect(alert).not.toHaveTextContent(/firewall|güvenlik duvarı/);
    },
  );
});
