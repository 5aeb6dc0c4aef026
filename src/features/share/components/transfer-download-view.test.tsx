// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransferDto, TransferFileDto } from '@domain/api-types';
import { jsonResponse, shareDto, stubApi } from '@/test/api';
import { renderRoute } from '@/test/render';

function file(shareId: string, path: string, name: string, type: string, size = 1000): TransferFileDto {
  return { ...shareDto({ shareId, name, type, size }), path };
}

function transfer(overrides: Partial<TransferDto> = {}): TransferDto {
  const base = shareDto();
  return {
    kind: 'transfer',
    shareId: 'TrAnSf3r',
    senderName: 'Ayşe <b>Yılmaz</b>',
    message: 'Here are the <script>alert(1)</script> photos',
    createdAt: base.createdAt,
    expiresAt: base.expiresAt,
    downloadCount: 0,
    viewCount: 1,
    files: [
      file('aaaaaaa1', '', 'notes.txt', 'text/plain'),
      file('aaaaaaa2', '', 'report.pdf', 'application/pdf'),
      file('aaaaaaa3', 'photos', 'beach.png', 'image/png'),
      file('aaaaaaa4', 'photos/2026', 'clip.webm', 'video/webm'),
    ],
    pendingFiles: 0,
    encryption: null,
    maxDownloads: null,
    downloadsLeft: null,
    ...overrides,
  };
}

// The recipient's page of a transfer (several files, folders), with the API answered by a stubbed fetch.
describe('a transfer’s download page', () => {
  let click: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    click.mockRestore();
  });

  it('lists every file under its folder, with Download all first and sharing onward after', async () => {
    stubApi(({ url }) => (url.endsWith('/settings') ? jsonResponse(500, {}) : jsonResponse(200, transfer())));
    await renderRoute('/s/TrAnSf3r');
    expect(await screen.findByRole('heading', { level: 1, name: '4 files' })).toBeInTheDocument();
    const photos = screen.getByRole('region', { name: 'photos' });
    expect(within(photos).getByText('beach.png')).toBeInTheDocument();
    const year = screen.getByRole('region', { name: 'photos/2026' });
    expect(within(year).getByText('clip.webm')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Not in a folder' })).getByText('notes.txt')).toBeInTheDocument();
    for (const name of ['notes.txt', 'report.pdf', 'beach.png', 'clip.webm']) {
      expect(screen.getByRole('button', { name: `Download ${name}` })).toBeInTheDocument();
    }
    // Previews for what can be shown safely: text, a PDF (drawn on a canvas), image, video.
    for (const name of ['notes.txt', 'report.pdf', 'beach.png', 'clip.webm']) {
      expect(screen.getByRole('button', { name: `Preview ${name}` })).toBeInTheDocument();
    }
    const downloadAll = screen.getByRole('button', { name: 'Download all' });
    const copy = screen.getByRole('button', { name: 'Copy link' });
    expect(downloadAll.compareDocumentPosition(copy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the sender’s name and message as text, marked as theirs', async () => {
    stubApi(({ url }) => (url.endsWith('/settings') ? jsonResponse(500, {}) : jsonResponse(200, transfer())));
    await renderRoute('/s/TrAnSf3r');
    expect(await screen.findByText('From Ayşe <b>Yılmaz</b>')).toBeInTheDocument();
    expect(screen.getByText('Here are the <script>alert(1)</script> photos')).toBeInTheDocument();
    expect(document.querySelector('script:not([src])')).toBeNull();
    expect(screen.getByText('Written by the sender, not by Ulak.')).toBeInTheDocument();
  });

  it('a one-file transfer is that file’s page, with Preview, and the transfer’s link to share', async () => {
    const one = transfer({ files: [file('aaaaaaa3', '', 'beach.png', 'image/png')] });
    stubApi(({ url }) => (url.endsWith('/settings') ? jsonResponse(500, {}) : jsonResponse(200, one)));
    await renderRoute('/s/TrAnSf3r');
    expect(await screen.findByRole('heading', { level: 1, name: 'beach.png' })).toBeInTheDocument();
    const download = screen.getByRole('button', { name: 'Download file' });
    expect(screen.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
    const whatsApp = decodeURIComponent(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '');
    expect(whatsApp).toContain(`${window.location.origin}/s/TrAnSf3r`);
    expect(
      download.compareDocumentPosition(screen.getByRole('button', { name: 'Copy link' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
