// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { LiveJob } from '../utils/merge-transfers';
import { UploadProgress } from './upload-progress';

// The queue as a person sees it per file: queued, uploading with speed and time left, waiting for
// the network, failed with the reason and a retry.

function job(overrides: Partial<LiveJob>): LiveJob {
  return {
    jobId: 'j1',
    name: 'video.mp4',
    type: 'video/mp4',
    size: 100 * 1024 * 1024,
    state: 'uploading',
    bytesDone: 25 * 1024 * 1024,
    shareId: 'AbCd1234',
    shareUrl: null,
    failure: null,
    createdAt: 0,
    file: null,
    transferId: null,
    path: '',
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a row of the upload queue', () => {
  it('shows progress, speed and time left while uploading', async () => {
    await renderWithProviders(<UploadProgress job={job({ bytesPerSecond: 5 * 1024 * 1024, etaSeconds: 150 })} />);
    expect(screen.getByText('Uploading to Ulak: 25% · 5 MB/s · 3 minutes left')).toBeTruthy();
  });

  it('shows seconds left near the end, and no rate before the engine has one', async () => {
    const first = await renderWithProviders(<UploadProgress job={job({ bytesPerSecond: 2048, etaSeconds: 1.2 })} />);
    expect(screen.getByText('Uploading to Ulak: 25% · 2 KB/s · 2 seconds left')).toBeTruthy();
    first.unmount();
    await renderWithProviders(<UploadProgress job={job({})} />);
    expect(screen.getByText('Uploading to Ulak: 25%')).toBeTruthy();
  });

  it('says it is starting, not 0 %, until its first bytes are sent or kept on the device', async () => {
    await renderWithProviders(
      <UploadProgress job={job({ bytesDone: 0, bytesPerSecond: 5 * 1024 * 1024, etaSeconds: 20 })} />,
    );
    const starting = 'Starting: keeping a copy on this device, so the upload goes on even after a crash…';
    expect(screen.getByText(starting)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: starting })).toBeTruthy();
    expect(screen.queryByText(/Uploading to Ulak: 0%/)).toBeNull();
  });

  it('says it waits for its turn when queued', async () => {
    await renderWithProviders(<UploadProgress job={job({ state: 'queued', bytesDone: 0 })} />);
    expect(screen.getByText('Waiting to upload...')).toBeTruthy();
  });

  it('says it waits for the network when paused, or when the page is offline', async () => {
    const paused = await renderWithProviders(<UploadProgress job={job({ state: 'paused' })} />);
    expect(screen.getByText(/^Waiting for the network/)).toBeTruthy();
    paused.unmount();
    await renderWithProviders(
      <UploadProgress job={job({ state: 'uploading', bytesPerSecond: 1000, etaSeconds: 10 })} />,
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/^Waiting for the network/)).toBeTruthy();
    expect(screen.queryByText(/left$/)).toBeNull();
  });

  it('gives the reason of a failure, in the UI language, with Retry and Cancel', async () => {
    const failed = job({ state: 'failed', failure: { code: 'part_refused', params: { part: 3, status: 400 } } });
    const { unmount } = await renderWithProviders(<UploadProgress job={failed} />, { language: 'tr' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Yükleme başarısız oldu: Depolama, dosyanın 3. parçasını reddetti. Lütfen tekrar deneyin.',
    );
    unmount();
    await renderWithProviders(<UploadProgress job={failed} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Upload failed: The storage refused part 3 of the file. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
