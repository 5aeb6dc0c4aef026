// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, shareDto, stubApi } from '@/test/api';
import { createTestQueryClient, renderRoute, renderWithProviders } from '@/test/render';
import { shareKeys } from '../keys';
import { DownloadScreen } from './download-screen';
import { HOUR_MS } from '@domain/constants';

// The download page's states (docs/product.md §2, §8), with the API answered by a stubbed fetch.

describe('download page', () => {
  let click: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    click.mockRestore();
  });

  it.each(['/s/!!bad!!', '/s/ab', '/share/ab', '/s/', '/share/'])(
    '%s is an Invalid link, and nothing is asked',
    async (path) => {
      const calls = stubApi(() => jsonResponse(500, {}));
      await renderRoute(path);
      expect(screen.getByRole('heading', { level: 1, name: 'Invalid link' })).toBeInTheDocument();
      expect(screen.getByText('The share link is invalid or malformed.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
      // The footer reads the settings; an invalid link needs no share lookup.
      expect(calls.filter((call) => call.url.includes('/shares/'))).toEqual([]);
    },
  );

  it('says it is loading while the metadata is on its way', async () => {
    stubApi(() => new Promise<Response>(() => {}));
    await renderWithProviders(<DownloadScreen shareId="Ab3dE5gH" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Loading file from Ulak...' })).toBeInTheDocument();
  });

  it('both link forms ask the API for that share id; a 404 is File not found', async () => {
    for (const form of ['s', 'share']) {
      const calls = stubApi(() =>
        jsonResponse(404, { error: 'File not found or has expired', code: 'file_not_found' }),
      );
      await renderRoute(`/${form}/Zz9Yy8Xx`);
      expect(await screen.findByRole('heading', { level: 1, name: 'File not found' })).toBeInTheDocument();
      expect(screen.getByText('File not found or has expired')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
      const lookups = calls.filter((c) => c.url.includes('/shares/'));
      expect(lookups.map((c) => c.url)).toEqual(['http://127.0.0.1:54321/functions/v1/api/shares/Zz9Yy8Xx']);
      document.body.innerHTML = '';
    }
  });

  it('a failed load says so and can try again', async () => {
    let answer = jsonResponse(503, { error: 'Service unavailable' });
    stubApi(() => answer);
    const { user } = await renderRoute('/s/Ab3dE5gH');
    expect(await screen.findByText('Failed to load file data from Ulak.')).toBeInTheDocument();
    answer = jsonResponse(200, shareDto());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'report 2026.pdf' })).toBeInTheDocument();
  });

  it('metadata whose expiry has passed (a stale cache) shows File expired', async () => {
    stubApi(() => jsonResponse(500, {}));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(
      shareKeys.detail('Ab3dE5gH'),
      shareDto({ expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    await renderRoute('/s/Ab3dE5gH', { queryClient });
    expect(screen.getByRole('heading', { level: 1, name: 'File expired' })).toBeInTheDocument();
    expect(screen.getByText('Ask the sender for a new link.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This file has expired and has been automatically deleted from our servers for security reasons.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the file: name, size, upload date, time left, deletion date, share and download', async () => {
    const data = shareDto();
    stubApi(() => jsonResponse(200, data));
    await renderRoute('/s/Ab3dE5gH');
    expect(await screen.findByRole('heading', { level: 1, name: 'report 2026.pdf' })).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    // 71 hours: what a person calls 3 days.
    expect(screen.getByText('3 days left')).toBeInTheDocument();
    expect(screen.queryByText('URGENT')).not.toBeInTheDocument();
    // Dates in the UI's language, the deletion date too.
    const deletion = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(data.expiresAt ?? ''),
    );
    // Said once, beside the time left.
    expect(screen.getByText(deletion).closest('p')).toHaveTextContent(`Deleted on ${deletion}`);
    expect(within(screen.getByRole('main')).getAllByText(/delete/i)).toHaveLength(1);
    const uploaded = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(data.createdAt),
    );
    expect(screen.getByText(uploaded)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const whatsApp = screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '';
    expect(decodeURIComponent(whatsApp)).toContain(`${window.location.origin}/s/Ab3dE5gH`);
    const mail = decodeURIComponent(screen.getByRole('link', { name: 'Email' }).getAttribute('href') ?? '');
    expect(mail).toContain('subject=report 2026.pdf shared with you on Ulak');
    expect(mail).toContain(`The link expires on ${deletion}`);
  });

  it('a file with under a day left carries the red URGENT banner', async () => {
    stubApi(() =>
      jsonResponse(200, shareDto({ expiresAt: new Date(Date.now() + 5 * HOUR_MS + 60_000).toISOString() })),
    );
    await renderRoute('/s/Ab3dE5gH');
    expect(await screen.findByText('URGENT')).toBeInTheDocument();
    expect(screen.getAllByText('5 hours left').length).toBeGreaterThan(0);
    // The banner alone says the file goes: no deletion date beside the time left.
    expect(within(screen.getByRole('main')).getAllByText(/delete/i)).toHaveLength(1);
  });

  it('Download asks for a URL and lets the browser fetch it, busy meanwhile', async () => {
    let release: (response: Response) => void = () => {};
    const calls = stubApi(({ url }) => {
      if (url.endsWith('/download')) return new Promise<Response>((resolve) => (release = resolve));
      return jsonResponse(200, shareDto());
    });
    const { user } = await renderRoute('/s/Ab3dE5gH');
    await user.click(await screen.findByRole('button', { name: 'Download file' }));
    expect(await screen.findByRole('button', { name: 'Downloading from Ulak...' })).toBeInTheDocument();
    release(
      jsonResponse(200, {
        url: 'http://127.0.0.1:54321/storage/b/k?sig=1',
        fileName: 'report 2026.pdf',
        expiresInSeconds: 3600,
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.href).toBe('http://127.0.0.1:54321/storage/b/k?sig=1');
    expect(anchor.download).toBe('report 2026.pdf');
    expect(calls.find((c) => c.url.endsWith('/download'))).toMatchObject({ method: 'POST', body: { referrer: '' } });
    expect(await screen.findByRole('button', { name: 'Download file' })).toBeInTheDocument();
  });

  it('a failed download shows the banner beneath the button', async () => {
    stubApi(({ url }) =>
      url.endsWith('/download') ? jsonResponse(500, { error: 'boom' }) : jsonResponse(200, shareDto()),
    );
    const { user } = await renderRoute('/s/Ab3dE5gH');
    await user.click(await screen.findByRole('button', { name: 'Download file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to download the file from Ulak. Please try again.',
    );
    expect(click).not.toHaveBeenCalled();
  });

  it('a file deleted meanwhile turns the page into File not found on Download', async () => {
    let gone = false;
    stubApi(({ url }) => {
      if (url.endsWith('/download')) {
        gone = true;
        return jsonResponse(404, { error: 'File not found or has expired', code: 'file_not_found' });
      }
      return gone
        ? jsonResponse(404, { error: 'File not found or has expired', code: 'file_not_found' })
        : jsonResponse(200, shareDto());
    });
    const { user } = await renderRoute('/s/Ab3dE5gH');
    await user.click(await screen.findByRole('button', { name: 'Download file' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'File not found' })).toBeInTheDocument();
  });

  it('Copy link writes the link and says Copied!', async () => {
    stubApi(() => jsonResponse(200, shareDto()));
    const { user } = await renderRoute('/s/Ab3dE5gH');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/Ab3dE5gH`);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Link to report 2026.pdf copied to the clipboard');
  });
});
