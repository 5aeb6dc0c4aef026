import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/**
 * "Saved" beside a save button for a moment after a save (see useFlash). The live region is always
 * there, so screen readers announce the text when it appears.
 */
export function SavedStatus({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {shown && (
        <Text c="green" fw={600} component="span">
          <IconCheck size={16} aria-hidden style={{ verticalAlign: 'middle' }} /> {children}
        </Text>
      )}
    </div>
  );
}
