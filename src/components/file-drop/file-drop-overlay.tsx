import { useEffect, useRef, useState } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { readDroppedFiles } from './read-dropped-files';
import classes from './file-drop-overlay.module.css';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Lets files (and folders) be dropped anywhere on the page while it is mounted. A full-page
 * overlay shows where they go; it is announced, and the Add buttons remain the keyboard way in.
 * Used by Home's upload card and the direct-transfer screen, each with its own `label`.
 */
export function FileDropOverlay({
  onFiles,
  label,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  /** What the overlay says while files are dragged over the page. */
  label: string;
  disabled?: boolean;
}) {
  const [active, setActive] = useState(false);
  // dragenter/dragleave fire for every child element crossed; count them to know when it really left.
  const depth = useRef(0);
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  }, [onFiles]);

  useEffect(() => {
    if (disabled) return;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setActive(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser would open the dropped file instead of handing it to us.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setActive(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth.current = 0;
      setActive(false);
      readDroppedFiles(event.dataTransfer)
        .then((files) => {
          if (files.length > 0) latest.current(files);
        })
        .catch((error: unknown) => console.error('Could not read the dropped files', error));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      depth.current = 0;
    };
  }, [disabled]);

  return (
    <div className={classes.overlay} data-active={active || undefined} aria-hidden={!active}>
      <div role="status" aria-live="assertive">
        {active && (
          <Stack align="center" gap="sm">
            <ThemeIcon size={80} radius="xl" variant="filled" aria-hidden>
              <IconCloudUpload size={48} />
            </ThemeIcon>
            <Text fz="xl" fw={700} c="white">
              {label}
            </Text>
          </Stack>
        )}
      </div>
    </div>
  );
}
