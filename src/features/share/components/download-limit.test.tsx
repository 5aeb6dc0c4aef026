// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, shareDto, stubApi } from '@/test/api';
import { renderRoute } from '@/test/render';

// The recipient's page of a link with a download limit, with the API answered by a stubbed fetch.

describe('download page of a limited link', () => {
  const limited = (downloadsLeft: number) => ({
    ...shareDto(),
    kind: 'file',
    path: '',
    transferShareId: null,
    directDownload: null,
    encryption: null,
    maxDownloads: 5,
    downloadsLeft,
  });

  it('says how many downloads are left, in words for one and for many', async () => {
    stubApi(() => jsonResponse(200, limited(3)));
    await renderRoute('/s/Ab3dE5gH');
    expect(await screen.findByText('3 downloads left, then the link stops working')).toBeInTheDocument();
    document.body.innerHTML = '';
    stubApi(() => jsonResponse(200, limited(1)));
    await renderRoute('/s/Ab3dE5gH');
    expect(await screen.findByText('1 download left, then the link stops working')).toBeInTheDocument();
  });

  it('says nothing of downloads left without a limit', async () => {
    stubApi(() => jsonResponse(200, { ...limited(0), maxDownloads: null, downloadsLeft: null }));
    await renderRoute('/s/Ab3dE5gH');
    expect(await screen.findByRole('button', { name: 'Download file' })).toBeInTheDocument();
    expect(screen.queryByTestId('downloads-left')).toBeNull();
  });

  it('a used-up link says its downloads are used up, with nothing to download', async () => {
    stubApi(() => jsonResponse(410, { error: "This link's downloads are used up.", code: 'download_limit_reached' }));
    await renderRoute('/s/Ab3dE5gH');
    expect(await screen.findByRole('heading', { level: 1, name: 'Downloads used up' })).toBeInTheDocument();
    expect(screen.getByText('Ask the sender for a new link.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download file' })).toBeNull();
  });

  describe('used up while the page is open', () => {
    const usedUp = () =>
      jsonResponse(410, { error: "This link's downloads are used up.", code: 'download_limit_reached' });
    const twoFiles = {
      ...limited(1),
      kind: 'transfer',
      shareId: 'TrAnSf3r',
      senderName: null,
      message: null,
      pendingFiles: 0,
      files: [
        { ...shareDto({ shareId: 'aaaaaaa1', name: 'a.txt', type: 'text/plain' }), path: '' },
        { ...shareDto({ shareId: 'aaaaaaa2', name: 'b.txt', type: 'text/plain' }), path: '' },
      ],
    };
    /** The transfer, until a download is asked for: from then on its downloads are used up. */
    const serveUntilDownload = () => {
      let used = false;
      stubApi(({ url }) => {
        if (url.endsWith('/download')) used = true;
        return used ? usedUp() : jsonResponse(200, twoFiles);
      });
    };

    afterEach(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });

    it('one file of a transfer turns the page into Downloads used up', async () => {
      serveUntilDownload();
      const { user } = await renderRoute('/s/TrAnSf3r');
      await user.click(await screen.findByRole('button', { name: 'Download a.txt' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Downloads used up' })).toBeInTheDocument();
    });

    it('Download all turns the page into Downloads used up', async () => {
      serveUntilDownload();
      // The save dialog answers at once; the server then refuses the tickets.
      const writable = new WritableStream<Uint8Array>();
      Object.assign(window, { showSaveFilePicker: async () => ({ createWritable: async () => writable }) });
      const { user } = await renderRoute('/s/TrAnSf3r');
      await user.click(await screen.findByRole('button', { name: 'Download all' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Downloads used up' })).toBeInTheDocument();
      expect(screen.queryByText('Download all failed. Please try again.')).toBeNull();
    });
  });
});
