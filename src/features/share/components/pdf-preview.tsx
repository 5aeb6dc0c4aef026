import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { ErrorAlert } from '@/components/error-alert';
import { openPdf, renderPage } from '../utils/pdf-document';

/**
 * A PDF's pages drawn one at a time on a canvas (pdf.js, in a worker), with Previous, Next and
 * "Page N of M". Loaded with its own chunk when a PDF is previewed.
 */
export function PdfPreview({ file, name }: { file: Blob; name: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [drawn, setDrawn] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let task: ReturnType<typeof openPdf> | null = null;
    let stopped = false;
    // Read afresh on each open: pdf.js moves the bytes it is given into its worker.
    file.arrayBuffer().then(
      (buffer) => {
        if (stopped) return;
        task = openPdf(new Uint8Array(buffer));
        task.promise.then(setPdf, () => !stopped && setFailed(true));
      },
      () => !stopped && setFailed(true),
    );
    return () => {
      stopped = true;
      void task?.destroy();
    };
  }, [file]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    const width = Math.max(1, box.current?.clientWidth ?? 0);
    const draw = renderPage(pdf, page, canvas.current, width);
    draw.done.then(
      () => setDrawn(page),
      (error: unknown) => {
        if (!(error instanceof Error && error.name === 'RenderingCancelledException')) setFailed(true);
      },
    );
    return () => draw.cancel();
  }, [pdf, page]);

  if (failed) return <ErrorAlert>{t('download.preview.failed')}</ErrorAlert>;
  const count = pdf?.numPages ?? 0;
  return (
    <Box ref={box}>
      {pdf && (
        <Group justify="space-between" wrap="nowrap" mb="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('download.preview.previousPage')}
          </Button>
          <Text size="sm" role="status">
            {t('download.preview.pageOf', { page, count })}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            disabled={page >= count}
            onClick={() => setPage(page + 1)}
          >
            {t('download.preview.nextPage')}
          </Button>
        </Group>
      )}
      {drawn !== page && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('download.preview.loading')}
        </Text>
      )}
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('download.preview.pdfPage', { name, page })}
        style={{ display: 'block', maxWidth: '100%', border: '1px solid var(--mantine-color-default-border)' }}
      />
    </Box>
  );
}
