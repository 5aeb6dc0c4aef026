// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, jsonResponse, stubApi } from '@/test/api';
import type { TransferDraft } from '@/lib/upload-engine/client';
import type * as UploadClient from '@/lib/upload-engine/client';
import { renderWithProviders } from '@/test/render';
import { UploadCard } from './upload-card';

// The send form's "Delete after" goes with the transfer the files are queued in; the engine sends
// it on (POST /transfers' maxDownloads). What the recipient then sees: tests/e2e/download-limit.

// The transfer each Upload queues its files with; the files stay "being stored" (no answer).
const queued = vi.hoisted(() => ({ drafts: [] as (TransferDraft | undefined)[] }));
vi.mock('@/lib/upload-engine/client', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadClient>()),
  enqueueUploads: (_files: unknown, options?: { transfer?: TransferDraft }) => {
    queued.drafts.push(options?.transfer);
    return new Promise<never>(() => {});
  },
}));

beforeEach(() => {
  queued.drafts = [];
  stubApi(() => jsonResponse(200, DEFAULT_SETTINGS));
});

describe('Delete after', () => {
  it('is a labelled choice of when the retention ends (the default), 1, 5 or 20 downloads', async () => {
    await renderWithProviders(<UploadCard />);
    const select = screen.getByLabelText('Delete after');
    expect(select).toHaveValue('');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'When the retention ends',
      '1 download',
      '5 downloads',
      '20 downloads',
    ]);
  });

  it('sends the picked limit with the transfer, and none by default', async () => {
    const { user } = await renderWithProviders(<UploadCard />);
    await user.upload(screen.getByTestId('upload-files-input'), new File(['a'], 'a.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(queued.drafts).toHaveLength(1));
    expect(queued.drafts[0]?.maxDownloads).toBeUndefined();

    document.body.innerHTML = '';
    const second = await renderWithProviders(<UploadCard />);
    await second.user.selectOptions(screen.getByLabelText('Delete after'), '5 downloads');
    await second.user.upload(
      screen.getByTestId('upload-files-input'),
      new File(['b'], 'b.txt', { type: 'text/plain' }),
    );
    await second.user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(queued.drafts).toHaveLength(2));
    expect(queued.drafts[1]).toMatchObject({ maxDownloads: 5 });
  });
});
