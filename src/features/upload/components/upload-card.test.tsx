// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSettings } from '@domain/api-types';
import { settingsKeys } from '@/lib/api/settings';
import { DEFAULT_SETTINGS, jsonResponse, stubApi } from '@/test/api';
import type * as UploadClient from '@/lib/upload-engine/client';
import { renderWithProviders } from '@/test/render';
import { useUploadCard } from '../hooks/use-upload-card';
import { UploadCard } from './upload-card';

// The card's own behaviour before the engine takes over; uploads end to end: tests/e2e/share-flow.

// The real client, counted; `hold` keeps the files "being stored" (its answer never comes).
const enqueue = vi.hoisted(() => ({ calls: 0, hold: false }));
vi.mock('@/lib/upload-engine/client', async (importOriginal) => {
  const actual = await importOriginal<typeof UploadClient>();
  return {
    ...actual,
    enqueueUploads: (picked: File[]) => {
      enqueue.calls += 1;
      return enqueue.hold ? new Promise<never>(() => {}) : actual.enqueueUploads(picked);
    },
  };
});

function SelectionProbe() {
  const { selection, busy } = useUploadCard();
  return <p>{`probe: ${selection.length} picked${busy ? ', busy' : ''}`}</p>;
}

const files = () => [
  new File(['a'.repeat(1500)], 'notes.txt', { type: 'text/plain' }),
  new File(['b'], 'photo.jpg', { type: 'image/jpeg' }),
];

const settings: PublicSettings = { ...DEFAULT_SETTINGS, maxFileSize: 1000 };

beforeEach(() => {
  enqueue.calls = 0;
  enqueue.hold = false;
  // The API answers GET settings (a small limit, to test it cheaply).
  stubApi(() => jsonResponse(200, settings));
});

describe('Home upload card', () => {
  it('lists the picked files with a count, and removes one before upload', async () => {
    const { user } = await renderWithProviders(
      <UploadCard>
        <SelectionProbe />
      </UploadCard>,
    );
    expect(screen.getByText('Files will auto-delete after 3 days')).toBeInTheDocument();
    const picked = files().map((file) => (file.size > 1000 ? new File(['a'.repeat(1000)], file.name) : file));
    await user.upload(screen.getByTestId('upload-files-input'), picked);
    expect(screen.getByText('2 files selected')).toBeInTheDocument();
    expect(screen.getByText('1000 bytes')).toBeInTheDocument();
    expect(screen.getByText('probe: 2 picked')).toBeInTheDocument();

    // Picking the same file again does not list it twice.
    await user.upload(screen.getByTestId('upload-files-input'), picked.slice(0, 1));
    expect(screen.getByText('2 files selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove photo.jpg' }));
    expect(screen.getByText('1 file selected')).toBeInTheDocument();
    expect(screen.queryByText('photo.jpg')).not.toBeInTheDocument();
  });

  it('waits for files before Upload can be pressed, saying so, and takes the next pick', async () => {
    const { user } = await renderWithProviders(<UploadCard />);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(screen.getByText('Add files or a folder first, then press Upload.')).toBeInTheDocument();
    await user.upload(screen.getByTestId('upload-files-input'), files()[1] ?? []);
    expect(screen.getByText('1 file selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(screen.queryByText('Add files or a folder first, then press Upload.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("refuses a file over the server's limit when it is picked, saying why with its real size", async () => {
    const { user, queryClient } = await renderWithProviders(<UploadCard />, { language: 'tr' });
    await vi.waitFor(() => expect(queryClient.getQueryData(settingsKeys.all)).toEqual(settings));
    await user.upload(screen.getByTestId('upload-files-input'), files());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“notes.txt” (1,46 KB), dosya başına sınır olan 1000 bayt boyutundan büyük; bu yüzden eklenmedi.',
    );
    // The other file is taken.
    expect(screen.getByText('1 dosya seçildi')).toBeInTheDocument();
  });

  it('a second press of Upload while the files are being stored queues nothing more', async () => {
    enqueue.hold = true;
    const { user } = await renderWithProviders(<UploadCard />);
    await user.upload(screen.getByTestId('upload-files-input'), files()[1] ?? []);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(enqueue.calls).toBe(1);
  });

  it('takes an optional password, shown on demand, and says when it is too long instead of sending', async () => {
    const { user } = await renderWithProviders(<UploadCard />);
    await user.upload(screen.getByTestId('upload-files-input'), files()[1] ?? []);
    const field = screen.getByLabelText('Password (optional)');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    // 200 characters typed, 400 once NFC-normalised (U+0958 is never composed): over the limit of 256.
    await user.click(field);
    await user.paste('\u0958'.repeat(200));
    expect(screen.getByText('A password has at most 256 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await user.clear(field);
    await user.paste('a fine password');
    expect(screen.queryByText('A password has at most 256 characters.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('a failure shows its message and keeps the selection', async () => {
    // No IndexedDB (private mode in some browsers, storage blocked): the files cannot be queued.
    vi.stubGlobal('indexedDB', undefined);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderWithProviders(<UploadCard />);
    await user.upload(screen.getByTestId('upload-files-input'), files());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert.textContent?.length).toBeGreaterThan('Upload failed'.length);
    expect(screen.getByText('2 files selected')).toBeInTheDocument();
    expect(screen.getByText('notes.txt')).toBeInTheDocument();
  });
});
