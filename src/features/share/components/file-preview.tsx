import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { formatBytes } from '@domain/format-bytes';
import type { DownloadTicket } from '@domain/api-types';
import { isE2eError } from '@/lib/crypto/errors';
import { fileCipherOf } from '@/lib/crypto/transfer-secrets';
import { decryptedFile, decryptedRange, type EncryptedFile } from '@/lib/download-pipeline/decrypt-file';
import { encryptedMediaUrl } from '@/lib/download-pipeline/encrypted-media';
import { readTextStart, type PipelineFile } from '@/lib/download-pipeline/pipeline';
import {
  previewBlob,
  previewKind,
  previewType,
  TEXT_PREVIEW_MAX_BYTES,
  type PreviewKind,
} from '@/lib/download-pipeline/preview';
import { requestPreview } from '../api/request-preview';
import { proofHeaders, type ShareAccess, useShareAccess } from '../hooks/use-share-access';

// pdf.js and its worker (about 1.6 MB) load only when a PDF is previewed.
const PdfPreview = lazy(() => import('./pdf-preview').then((m) => ({ default: m.PdfPreview })));

export interface PreviewedFile {
  shareId: string;
  name: string;
  type: string;
  size: number;
  path?: string;
}

type Shown =
  | { kind: 'image'; src: string }
  | { kind: 'video' | 'audio'; src: string }
  | { kind: 'pdf'; blob: Blob }
  | { kind: 'text'; text: string; truncated: boolean }
  /** An encrypted video or audio file where no service worker can answer its player. */
  | { kind: 'unplayable' };

/** A preview that could not be shown: the file's decryption failed (damaged), or anything else. */
type Failure = 'damaged' | 'failed';

/** Reads a decrypted stream to its end; its error (a damaged record) comes through as it is. */
async function readAll(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>[]> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

/**
 * The preview of an end-to-end encrypted file: its plaintext through the decrypting stage. Text
 * needs only the records behind its first TEXT_PREVIEW_MAX_BYTES; a player reads the service
 * worker's URL, which decrypts the records behind each Range it asks for.
 */
async function loadEncrypted(
  file: EncryptedFile & { type: string },
  kind: PreviewKind,
  ticket: DownloadTicket,
  signal: AbortSignal,
): Promise<Shown> {
  if (kind === 'video' || kind === 'audio') {
    const src = await encryptedMediaUrl(file, file.cipher, ticket, signal);
    return src === null ? { kind: 'unplayable' } : { kind, src };
  }
  if (kind === 'text') {
    const end = Math.min(file.size, TEXT_PREVIEW_MAX_BYTES);
    const chunks = await readAll(await decryptedRange(file, 0, end, { signal }));
    const decoder = new TextDecoder();
    const text = chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
    return { kind, text, truncated: file.size > end };
  }
  const chunks = await readAll(await decryptedFile(file, { signal }));
  const blob = new Blob(chunks, { type: previewType(file, kind === 'pdf' ? 'pdf' : 'image') });
  return kind === 'pdf' ? { kind, blob } : { kind, src: URL.createObjectURL(blob) };
}

/** Fetches what the preview shows, through the download pipeline. A preview is not a download. */
async function load(file: PreviewedFile, kind: PreviewKind, access: ShareAccess, signal: AbortSignal): Promise<Shown> {
  const ticket = await requestPreview(file.shareId, signal, proofHeaders(access.proof));
  const piped: PipelineFile & { type: string } = {
    url: ticket.url,
    name: file.name,
    path: file.path ?? '',
    size: file.size,
    type: file.type,
  };
  if (access.secrets) {
    const cipher = await fileCipherOf(await access.secrets, file.shareId);
    return loadEncrypted({ ...piped, cipher }, kind, ticket, signal);
  }
  if (kind === 'image') return { kind, src: URL.createObjectURL(await previewBlob(piped, kind, { signal })) };
  if (kind === 'pdf') return { kind, blob: await previewBlob(piped, kind, { signal }) };
  if (kind === 'text') return { kind, ...(await readTextStart(piped, TEXT_PREVIEW_MAX_BYTES, { signal })) };
  // The players read the presigned URL with Range requests themselves: seeking asks for the bytes
  // at the new position only.
  return { kind, src: ticket.url };
}

/**
 * A file shown in the page: an image at its own pixel size (scaled down to fit), the browser's
 * own player for video and audio, a PDF's pages on a canvas, the start of a text file as escaped
 * text.
 */
export function FilePreview({ file, onClose }: { file: PreviewedFile; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const kind = previewKind(file);
  const access = useShareAccess();
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState<Failure | null>(null);

  useEffect(() => {
    if (!kind) return;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    load(file, kind, access, abort.signal).then(
      (result) => {
        if (result.kind === 'image') objectUrl = result.src;
        if (abort.signal.aborted) return;
        setShown(result);
      },
      (error: unknown) => {
        const damaged = isE2eError(error, 'damaged') || isE2eError(error, 'truncated');
        if (!abort.signal.aborted) setFailed(damaged ? 'damaged' : 'failed');
      },
    );
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file, kind, access]);

  return (
    <Box role="region" aria-label={t('download.preview.openFile', { name: file.name })}>
      <Group justify="flex-end" mb="xs">
        <Button variant="subtle" size="xs" leftSection={<IconX size={14} aria-hidden />} onClick={onClose}>
          {t('download.preview.close')}
        </Button>
      </Group>
      {failed === 'damaged' && (
        <ErrorAlert title={t('download.damaged.title')}>{t('download.damaged.text')}</ErrorAlert>
      )}
      {failed === 'failed' && <ErrorAlert>{t('download.preview.failed')}</ErrorAlert>}
      {shown?.kind === 'unplayable' && (
        <Alert color="gray" variant="light">
          {t('download.preview.unplayable')}
        </Alert>
      )}
      {!failed && !shown && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('download.preview.loading')}</Text>
        </Group>
      )}
      {shown?.kind === 'image' && (
        <img src={shown.src} alt={file.name} style={{ maxWidth: '100%', height: 'auto', display: 'block' }} />
      )}
      {shown?.kind === 'video' && (
        <video src={shown.src} controls preload="metadata" style={{ maxWidth: '100%', display: 'block' }}>
          <track kind="captions" />
        </video>
      )}
      {shown?.kind === 'pdf' && (
        <Suspense fallback={<Loader size="sm" aria-hidden />}>
          <PdfPreview file={shown.blob} name={file.name} />
        </Suspense>
      )}
      {shown?.kind === 'audio' && <audio src={shown.src} controls preload="metadata" style={{ width: '100%' }} />}
      {shown?.kind === 'text' && (
        <>
          <Box
            component="pre"
            p="sm"
            style={{ maxHeight: '60vh', overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            bg="var(--mantine-color-default-hover)"
          >
            {shown.text}
          </Box>
          {shown.truncated && (
            <Alert color="gray" variant="light" mt="xs">
              {t('download.preview.truncated', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES, i18n.language) })}
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}
