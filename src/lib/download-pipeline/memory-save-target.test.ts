import { afterEach, describe, expect, it, vi } from 'vitest';
import { memorySaveTarget, TooLargeToSaveError } from './memory-save-target';

/** Every download the page starts: the blob: URL's bytes and the saved name. */
function watchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saving a download from memory', () => {
  it('saves the bytes written, typed and named as asked, once the stream closes', async () => {
    const saved = watchDownloads();
    const target = memorySaveTarget({ fileName: 'notes.txt', contentType: 'text/plain', size: 11 }, 100);
    const writer = target.getWriter();
    await writer.write(new TextEncoder().encode('hello '));
    await writer.write(new TextEncoder().encode('world'));
    expect(saved).toEqual([]);
    await writer.close();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('notes.txt');
    expect(saved[0]?.blob.type).toBe('text/plain');
    expect(await saved[0]?.blob.text()).toBe('hello world');
  });

  it('refuses a known size over the limit before anything, and stops a stream that passes it', async () => {
    const saved = watchDownloads();
    expect(() => memorySaveTarget({ fileName: 'big.bin', contentType: '', size: 101 }, 100)).toThrow(
      TooLargeToSaveError,
    );
    const zip = memorySaveTarget({ fileName: 'all.zip', contentType: 'application/zip', size: null }, 100);
    const writer = zip.getWriter();
    await writer.write(new Uint8Array(60));
    await expect(writer.write(new Uint8Array(60))).rejects.toBeInstanceOf(TooLargeToSaveError);
    expect(saved).toEqual([]);
  });
});
