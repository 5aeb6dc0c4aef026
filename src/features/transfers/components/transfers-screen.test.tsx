// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FileDto } from '@domain/api-types';
import { newJobRecord, type UploadJobRecord } from '@/lib/upload-engine/job-record';
import { listOwnedFiles } from '@/lib/upload-engine/owned-files';
import { getUploadStore } from '@/lib/upload-engine/store';
import { fileDto, jsonResponse, ownedTransferDto, stubApi } from '@/test/api';
import { renderRoute } from '@/test/render';
import { HOUR_MS } from '@domain/constants';

// Transfers (docs/product.md §2): this device's files from the owner records, merged with unfinished uploads.
// The API is a stubbed fetch; the engine's store is the real one on fake-indexeddb.

const store = getUploadStore();

async function own(file: FileDto, ownerToken = `token-${file.shareId}`) {
  await store.putOwnedFile({
    shareId: file.shareId,
    ownerToken,
    fileId: file.fileId,
    name: file.name,
    createdAt: Date.parse(file.createdAt),
  });
}

/** The device's record of a transfer it sent, as the upload engine keeps it. */
async function ownTransfer(id: string, shareId: string, ownerToken: string) {
  await store.putTransfer({
    id,
    shareId,
    shareUrl: `http://ulak.test/s/${shareId}`,
    ownerToken,
    senderName: null,
    message: null,
    createdAt: Date.now(),
  });
}

beforeEach(async () => {
  for (const job of await store.list()) await store.delete(job.id);
  for (const owned of await store.listOwnedFiles()) await store.deleteOwnedFile(owned.shareId);
  for (const transfer of await store.listTransfers()) await store.deleteTransfer(transfer.id);
});

describe('Transfers', () => {
  it('says it is loading while the list is on its way', async () => {
    await own(fileDto('Aaaaaaa1'));
    stubApi(() => new Promise<Response>(() => {}));
    await renderRoute('/upload');
    expect(screen.getByText('Manage, share, and delete your uploaded files from here.')).toBeInTheDocument();
    expect(await screen.findByText('Loading your files...')).toBeInTheDocument();
  });

  it('with nothing uploaded says so and links to Home, without asking the server', async () => {
    const calls = stubApi(() => jsonResponse(500));
    await renderRoute('/upload');
    expect(await screen.findByText('No files uploaded yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload files from Home' })).toHaveAttribute('href', '/');
    // The footer reads the settings; this device's list needs no call.
    expect(calls.filter((call) => call.url.endsWith('/files/lookup'))).toEqual([]);
  });

  it('lists the files newest first with size and time left; gone files are forgotten', async () => {
    const older = fileDto('Older111', {
      name: 'holiday.jpg',
      type: 'image/jpeg',
      size: 3 * 1024 ** 2,
      createdAt: new Date(Date.now() - 50 * HOUR_MS).toISOString(),
      expiresAt: new Date(Date.now() + 22.5 * HOUR_MS).toISOString(),
    });
    const newer = fileDto('Newer222', { name: 'notes.txt' });
    const gone = fileDto('Gone3333', { createdAt: new Date(Date.now() - 80 * HOUR_MS).toISOString() });
    for (const file of [older, newer, gone]) await own(file);
    const calls = stubApi(() => jsonResponse(200, { transfers: [], files: [newer, older] }));

    await renderRoute('/upload');
    const list = await screen.findByRole('list', { name: 'Your files' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['notes.txt', 'holiday.jpg']);
    expect(within(rows[0] as HTMLElement).getByText('2 KB')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('3 days left')).toBeInTheDocument();
    // Urgent: under a day left, in red with a warning icon.
    expect(within(rows[1] as HTMLElement).getByText('3 MB')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('22 hours left')).toBeInTheDocument();

    const lookups = calls.filter((call) => call.url.endsWith('/files/lookup'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:54321/functions/v1/api/files/lookup' });
    expect((lookups[0]?.body as { items: unknown[] }).items).toEqual([
      { shareId: 'Newer222', ownerToken: 'token-Newer222' },
      { shareId: 'Older111', ownerToken: 'token-Older111' },
      { shareId: 'Gone3333', ownerToken: 'token-Gone3333' },
    ]);
    await waitFor(async () =>
      expect((await listOwnedFiles()).map((o) => o.shareId).sort()).toEqual(['Newer222', 'Older111']),
    );
  });

  it('deletes a file with its owner token: the row goes and the record is forgotten', async () => {
    const file = fileDto('Delete11', { name: 'old.pdf', type: 'application/pdf' });
    await own(file, 'secret-owner-token');
    let release: (response: Response) => void = () => {};
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') return new Promise<Response>((resolve) => (release = resolve));
      return jsonResponse(200, { transfers: [], files: calls.some((c) => c.method === 'DELETE') ? [] : [file] });
    });
    const { user } = await renderRoute('/upload');
    const button = await screen.findByRole('button', { name: 'Delete old.pdf' });
    await user.click(button);
    // It asks first; Delete in the question deletes.
    const question = await screen.findByRole('dialog', { name: 'Delete old.pdf?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(button).toBeDisabled());
    release(new Response(null, { status: 204 }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'old.pdf' })).not.toBeInTheDocument());
    expect(await screen.findByText('No files uploaded yet')).toBeInTheDocument();
    const deletion = calls.find((c) => c.method === 'DELETE');
    expect(deletion?.url).toBe('http://127.0.0.1:54321/functions/v1/api/shares/Delete11');
    expect(deletion?.headers['x-owner-token']).toBe('secret-owner-token');
    expect(await listOwnedFiles()).toEqual([]);
  });

  it('a refused delete says why and keeps the row', async () => {
    const file = fileDto('Refuse11', { name: 'kept.pdf' });
    await own(file);
    stubApi((call) =>
      call.method === 'DELETE'
        ? jsonResponse(403, { error: 'Only the device that uploaded this file can delete it.', code: 'not_owner' })
        : jsonResponse(200, { transfers: [], files: [file] }),
    );
    const { user } = await renderRoute('/upload');
    await user.click(await screen.findByRole('button', { name: 'Delete kept.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete kept.pdf?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('Could not delete: Only the device that uploaded this file can do this.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'kept.pdf' })).toBeInTheDocument();
  });

  it('shows uploads under way with their progress, and failed ones with their error', async () => {
    const running: UploadJobRecord = {
      ...newJobRecord({ name: 'movie.mp4', type: 'video/mp4', size: 1000 }, 'job-1', Date.now()),
      bytesDone: 500,
      state: 'uploading',
    };
    const failed: UploadJobRecord = {
      ...newJobRecord({ name: 'big.zip', type: 'application/zip', size: 1 }, 'job-2', Date.now() - 1000),
      state: 'failed',
      failure: { code: 'file_too_large', params: { maxBytes: 2 * 1024 ** 3 } },
    };
    for (const job of [running, failed]) {
      const { recorded, copied } = store.add(job, new Blob(['x']));
      await Promise.all([recorded, copied]);
    }
    stubApi(() => jsonResponse(200, { transfers: [], files: [] }));
    await renderRoute('/upload');

    const movie = await screen.findByRole('listitem', { name: 'movie.mp4' });
    expect(within(movie).getByRole('progressbar', { name: 'Uploading to Ulak: 50%' })).toBeInTheDocument();
    expect(within(movie).getByText('Uploading to Ulak: 50%')).toBeInTheDocument();
    const big = screen.getByRole('listitem', { name: 'big.zip' });
    expect(within(big).getByRole('alert')).toHaveTextContent(
      'Upload failed: This file is larger than 2 GB, the limit per file.',
    );
    expect(within(big).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens a file’s details from its row', async () => {
    const file = fileDto('Preview1', { name: 'photo.png', type: 'image/png' });
    await own(file);
    stubApi(() => jsonResponse(200, { transfers: [], files: [file] }));
    const { user } = await renderRoute('/upload');
    await user.click(await screen.findByRole('button', { name: 'photo.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'File details' }, { timeout: 10_000 });
    expect(within(dialog).getByText('image/png')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'http://ulak.test/s/Preview1' })).toBeInTheDocument();
    expect(within(dialog).getByText('2')).toBeInTheDocument();
  });

  it('shows a transfer as one group: its link, its files with their folders and downloads, a take-down said', async () => {
    await ownTransfer('local-1', 'Trans123', 'transfer-token');
    const kept = {
      ...fileDto('Kept1234', { name: 'a.png', downloadCount: 3 }),
      path: 'photos',
      transferShareId: 'Trans123',
    };
    const gone = { ...fileDto('Gone1234', { name: 'b.txt' }), path: '', transferShareId: 'Trans123', takenDown: true };
    const transfer = ownedTransferDto('Trans123', [kept, gone], { downloadCount: 2, viewCount: 5 });
    const calls = stubApi(() => jsonResponse(200, { transfers: [transfer], files: [] }));
    await renderRoute('/upload');

    const group = await screen.findByRole('listitem', { name: 'Transfer of 2 files' });
    expect(within(group).getByRole('link', { name: 'http://ulak.test/s/Trans123' })).toBeInTheDocument();
    expect(within(group).getByText(/downloaded whole 2 times/)).toBeInTheDocument();
    const row = within(group).getByRole('listitem', { name: 'photos/a.png' });
    expect(within(row).getByText('3 downloads')).toBeInTheDocument();
    const takenDown = within(group).getByRole('listitem', { name: 'b.txt' });
    expect(takenDown).toHaveTextContent('Taken down by the operator of this service');
    const lookup = calls.find((call) => call.url.endsWith('/files/lookup'));
    expect((lookup?.body as { items: unknown[] }).items).toEqual([
      { shareId: 'Trans123', ownerToken: 'transfer-token' },
    ]);
  });

  it('a transfer of 1,000 files, of which the server lists a few, says 1,000 files and their whole size', async () => {
    await ownTransfer('local-big', 'BigTrans', 'big-token');
    const files = Array.from({ length: 10 }, (_, i) =>
      fileDto(`Big${String(i).padStart(5, '0')}`, { size: 1_048_576, path: 'photos', transferShareId: 'BigTrans' }),
    );
    const transfer = ownedTransferDto('BigTrans', files, { fileCount: 1000, size: 1000 * 1_048_576 });
    stubApi(() => jsonResponse(200, { transfers: [transfer], files: [] }));
    await renderRoute('/upload');

    const group = await screen.findByRole('listitem', { name: 'Transfer of 1000 files' });
    expect(within(group).getByText(/^1000 MB/)).toBeInTheDocument();
    expect(within(group).getByText('990 more files are listed on the transfer’s own page.')).toBeInTheDocument();
  });
});
