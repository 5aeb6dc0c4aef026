import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Something failed: red, with a warning icon, announced to screen readers (role alert). */
export function ErrorAlert({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />} title={title}>
      {children}
    </Alert>
  );
}
