import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api/failure';

/**
 * Why a request failed, translated and announced (role alert); nothing while there is no error.
 * Takes a query's or mutation's `error` as it is (null until one fails).
 */
export function RequestError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {describeError(t, error)}
    </Alert>
  );
}
