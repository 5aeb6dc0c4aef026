import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFilePlus, IconFolderPlus } from '@tabler/icons-react';
import classes from './pick-button.module.css';

// React passes unknown lower-case attributes through; TypeScript's DOM types do not know this one.
const FOLDER_INPUT_ATTRIBUTES = { webkitdirectory: '', directory: '' } as Record<string, string>;

interface PickButtonProps {
  label: string;
  icon: ReactNode;
  /** Picks a whole folder (its files, with their paths) instead of files. */
  folder?: boolean;
  onFiles: (files: FileList) => void;
  disabled?: boolean;
  /** A hint for the picker (the admin's allowed types); the server checks the type at create time. */
  accept?: string;
  /** Names the file input for browser tests, which set files on it. */
  testId: string;
}

/**
 * 'Add files' or 'Add folder': the label of a file input, drawn as a button. The browser opens the
 * picker itself on a tap or a key, so it opens on the first one even before the app is live (a
 * page whose app starts on intent: public/boot.js keeps what is picked then for the app).
 */
function PickButton({ label, icon, folder = false, onFiles, disabled, accept, testId }: PickButtonProps) {
  return (
    <Button component="label" variant="light" px="xs" leftSection={icon} disabled={disabled} className={classes.pick}>
      {label}
      <input
        type="file"
        multiple
        className={classes.input}
        data-testid={testId}
        accept={accept}
        disabled={disabled}
        {...(folder ? FOLDER_INPUT_ATTRIBUTES : {})}
        onChange={(event) => {
          const { files } = event.currentTarget;
          if (files !== null) onFiles(files);
          // The same file can be picked again.
          event.currentTarget.value = '';
        }}
      />
    </Button>
  );
}

/**
 * 'Add files' and 'Add folder' side by side: Home's upload card and the direct-transfer screen both
 * pick with them. `accept` hints the files' picker only (a folder is taken whole).
 */
export function PickFilesOrFolder({
  labels,
  testIds,
  onFiles,
  disabled,
  accept,
}: {
  labels: { files: string; folder: string };
  testIds: { files: string; folder: string };
  onFiles: (files: FileList) => void;
  disabled?: boolean;
  accept?: string;
}) {
  return (
    <Group grow gap="sm">
      <PickButton
        label={labels.files}
        icon={<IconFilePlus size={18} aria-hidden />}
        onFiles={onFiles}
        disabled={disabled}
        accept={accept}
        testId={testIds.files}
      />
      <PickButton
        label={labels.folder}
        icon={<IconFolderPlus size={18} aria-hidden />}
        folder
        onFiles={onFiles}
        disabled={disabled}
        testId={testIds.folder}
      />
    </Group>
  );
}
