import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_DOWNLOADS_CHOICES, type MaxDownloads } from '@domain/share-access-types';

/** The value of "when the retention ends": no limit. */
const RETENTION = '';

/**
 * "Delete after: when the retention ends / 1 / 5 / 20 downloads" for the transfer about to be sent.
 * A native select: its label, keyboard and screen-reader behaviour come from the browser.
 */
export function DownloadLimitSelect({
  value,
  onChange,
  disabled,
}: {
  value: MaxDownloads | null;
  onChange: (value: MaxDownloads | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const data = [
    { value: RETENTION, label: t('upload.card.downloadLimit.retention') },
    ...MAX_DOWNLOADS_CHOICES.map((n) => ({
      value: String(n),
      label: t('upload.card.downloadLimit.downloads', { count: n }),
    })),
  ];
  return (
    <NativeSelect
      label={t('upload.card.downloadLimit.label')}
      description={t('upload.card.downloadLimit.description')}
      data={data}
      value={value === null ? RETENTION : String(value)}
      onChange={(event) => {
        const picked = MAX_DOWNLOADS_CHOICES.find((n) => String(n) === event.currentTarget.value);
        onChange(picked ?? null);
      }}
      disabled={disabled}
      data-testid="download-limit"
    />
  );
}
