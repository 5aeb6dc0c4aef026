// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileShareDto } from '@domain/api-types';
import { PASSWORD_ITERATIONS } from '@domain/share-access-types';
import { linkKeyToFragment } from '@/lib/crypto/link-key';
import { encryptionRequest, fileCipherOf, newTransferSecrets } from '@/lib/crypto/transfer-secrets';
import { type ApiCall, jsonResponse, shareDto, stubApi } from '@/test/api';
import { encryptWhole, expectSameBytes, randomBytes } from '@/test/e2e-crypto';
import { renderRoute } from '@/test/render';

// The recipient's page of an end-to-end encrypted share: the link's key read before anything is
// fetched, the password asked first, the file decrypted into the save target as it streams. The
// API and the bucket are a stubbed fetch; the save target is the browser's save dialog, stubbed
// to keep what is written.

const SHARE_ID = 'Ab3dE5gH';
const STORED_URL = 'http://127.0.0.1:54321/storage/v1/b/k?sig=1';

interface Sent {
  share: FileShareDto;
  fragment: string;
  plaintext: Uint8Array<ArrayBuffer>;
  stored: Uint8Array<ArrayBuffer>;
  verifier: string | null;
  keyCheck: string;
}

async function sendEncrypted({
  password,
  name = 'photo.bin',
  type = 'application/octet-stream',
  plaintext = randomBytes(200_000),
}: { password?: string; name?: string; type?: string; plaintext?: Uint8Array<ArrayBuffer> } = {}): Promise<Sent> {
  const secrets = await newTransferSecrets(password);
  const request = await encryptionRequest(secrets);
  const size = plaintext.byteLength;
  const stored = await encryptWhole(await fileCipherOf(secrets, SHARE_ID), plaintext);
  const share: FileShareDto = {
    ...shareDto({ name, type, size, storedSize: stored.byteLength }),
    kind: 'file',
    path: '',
    transferShareId: null,
    directDownload: null,
    encryption: request.password
      ? {
          version: 1,
          keyCheck: request.keyCheck,
          password: { salt: request.password.salt, iterations: PASSWORD_ITERATIONS },
        }
      : { version: 1, keyCheck: request.keyCheck },
    maxDownloads: null,
    downloadsLeft: null,
  };
  const verifier = request.password?.verifier ?? null;
  return {
    share,
    fragment: linkKeyToFragment(secrets.linkKey),
    plaintext,
    stored,
    verifier,
    keyCheck: request.keyCheck,
  };
}

/** The API and the bucket of `sent`: GET the share, unlock with its verifier, tickets, the stored bytes. */
function serve(sent: Sent, stored = sent.stored): ApiCall[] {
  return stubApi(({ url, body, headers }) => {
    if (url === STORED_URL) return new Response(stored, { status: 200 });
    if (url.endsWith('/unlock')) {
      return (body as { proof: string }).proof === sent.verifier
        ? jsonResponse(200, { keyCheck: sent.keyCheck })
        : jsonResponse(403, { error: 'The password is wrong.', code: 'wrong_password' });
    }
    if (url.endsWith('/download') || url.endsWith('/preview')) {
      if (sent.verifier !== null && headers['x-share-proof'] !== sent.verifier) {
        return jsonResponse(403, { error: 'This link needs its password.', code: 'password_required' });
      }
      return jsonResponse(200, { url: STORED_URL, fileName: sent.share.name, expiresInSeconds: 3600 });
    }
    return jsonResponse(200, sent.share);
  });
}

/** The save dialog's file: what was written, and whether it was completed or thrown away. */
function stubSaveDialog() {
  const file = { chunks: [] as Uint8Array<ArrayBuffer>[], closed: false, aborted: false };
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => void file.chunks.push(chunk.slice()),
    close: () => void (file.closed = true),
    abort: () => void (file.aborted = true),
  });
  Object.assign(window, { showSaveFilePicker: async () => ({ createWritable: async () => writable }) });
  return file;
}

/** What the save dialog's file holds. */
async function savedBytes(file: { chunks: Uint8Array<ArrayBuffer>[] }): Promise<Uint8Array> {
  return new Uint8Array(await new Blob(file.chunks).arrayBuffer());
}

/** Calls for the file's bytes or its tickets: none may be made for a link that cannot open it. */
const fileCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.url === STORED_URL || /\/(download|preview|unlock)$/.test(call.url));

describe('download page of an encrypted share', () => {
  afterEach(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });

  it.each([
    ['no key', () => ''],
    ['a key cut short', (fragment: string) => fragment.slice(0, 30)],
  ])('a link with %s says it is incomplete, and nothing of the file is fetched', async (_, cut) => {
    const sent = await sendEncrypted();
    const calls = serve(sent);
    const fragment = cut(sent.fragment);
    await renderRoute(`/s/${SHARE_ID}${fragment ? `#${fragment}` : ''}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the sender for the whole link/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download file' })).toBeNull();
    expect(fileCalls(calls)).toEqual([]);
  });

  it.each([
    ['another key', (fragment: string) => `${fragment[0] === 'A' ? 'B' : 'A'}${fragment.slice(1)}`],
    ['characters that are no key', (fragment: string) => `${fragment.slice(0, 42)}!`],
  ])('a link with %s says it is broken, and nothing of the file is fetched', async (_, change) => {
    const sent = await sendEncrypted();
    const calls = serve(sent);
    await renderRoute(`/s/${SHARE_ID}#${change(sent.fragment)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is broken' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the sender to send you the link again/)).toBeInTheDocument();
    expect(fileCalls(calls)).toEqual([]);
  });

  it('the full link saves the decrypted file as it streams, and the key goes nowhere', async () => {
    const sent = await sendEncrypted();
    const calls = serve(sent);
    const saved = stubSaveDialog();
    const { user } = await renderRoute(`/s/${SHARE_ID}#${sent.fragment}`);
    await user.click(await screen.findByRole('button', { name: 'Download file' }));
    await waitFor(() => expect(saved.closed).toBe(true));
    expectSameBytes(await savedBytes(saved), sent.plaintext);
    expect(screen.queryByText(/not end-to-end encrypted/)).toBeNull();
    expect(calls.find((call) => call.url.endsWith('/download'))).toMatchObject({ method: 'POST' });
    expect(JSON.stringify(calls)).not.toContain(sent.fragment);
  });

  it('a damaged file says so, and the save is thrown away', async () => {
    const sent = await sendEncrypted();
    const damaged = sent.stored.slice();
    damaged[100_000] = (damaged[100_000] ?? 0) ^ 1;
    serve(sent, damaged);
    const saved = stubSaveDialog();
    const { user } = await renderRoute(`/s/${SHARE_ID}#${sent.fragment}`);
    await user.click(await screen.findByRole('button', { name: 'Download file' }));
    expect(await screen.findByText('This file is damaged')).toBeInTheDocument();
    expect(screen.getByText(/nothing was saved/)).toBeInTheDocument();
    expect(saved).toMatchObject({ aborted: true, closed: false });
  });

  it('a text preview shows the decrypted text; a damaged one says the file is damaged', async () => {
    const text = 'Merhaba, the plan for Friday.';
    const sent = await sendEncrypted({
      name: 'notes.txt',
      type: 'text/plain',
      plaintext: new TextEncoder().encode(text),
    });
    serve(sent);
    const { user } = await renderRoute(`/s/${SHARE_ID}#${sent.fragment}`);
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    document.body.innerHTML = '';

    const damaged = sent.stored.slice();
    damaged[3] = (damaged[3] ?? 0) ^ 1;
    serve(sent, damaged);
    const again = await renderRoute(`/s/${SHARE_ID}#${sent.fragment}`);
    await again.user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('This file is damaged')).toBeInTheDocument();
    expect(screen.queryByText(text)).toBeNull();
  });

  it('a plain share says in one line that it is not end-to-end encrypted', async () => {
    stubApi(() =>
      jsonResponse(200, { ...shareDto(), kind: 'file', path: '', transferShareId: null, encryption: null }),
    );
    await renderRoute(`/s/${SHARE_ID}`);
    expect(await screen.findByText(/This file is not end-to-end encrypted/)).toBeInTheDocument();
  });

  it('a password share asks for the password; a wrong one says so, the right one opens and proves each download', async () => {
    const sent = await sendEncrypted({ password: 'kırmızı balon' });
    const calls = serve(sent);
    const saved = stubSaveDialog();
    const { user } = await renderRoute(`/s/${SHARE_ID}#${sent.fragment}`);
    const input = await screen.findByLabelText('Password');
    expect(screen.queryByRole('button', { name: 'Download file' })).toBeNull();
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.type(input, 'mavi balon{Enter}');
    // Each try derives the slow key first: a second or so on a loaded machine.
    const slow = { timeout: 30_000 };
    expect(await screen.findByText('The password is wrong. Check it and try again.', {}, slow)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'kırmızı balon{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Download file' }, slow));
    await waitFor(() => expect(saved.closed).toBe(true));
    expectSameBytes(await savedBytes(saved), sent.plaintext);
    const download = calls.find((call) => call.url.endsWith('/download'));
    expect(download?.headers['x-share-proof']).toBe(sent.verifier);
  }, 120_000);

  it('a password share that was guessed at too often says how long to wait', async () => {
    const sent = await sendEncrypted({ password: 'secret' });
    stubApi(({ url }) =>
      url.endsWith('/unlock')
        ? jsonResponse(429, {
            error: 'Too many attempts',
            code: 'too_many_attempts',
            params: { retryAfterSeconds: 90 },
          })
        : jsonResponse(200, sent.share),
    );
    const { user } = await renderRoute(`/s/${SHARE_ID}#${sent.fragment}`);
    await user.type(await screen.findByLabelText('Password'), 'secret{Enter}');
    expect(
      await screen.findByText('Too many wrong passwords. Try again in 2 minutes.', {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
  }, 60_000);
});
