import { useState } from 'react';
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { promptInstall } from '@/lib/pwa';
import { useHydrated } from '@/lib/use-hydrated';
import { usePwaState } from './use-pwa-state';

/** Local storage: set once the visitor has said 'Not now'; the offer is not made on this browser again. */
const DISMISSED_KEY = 'install-offer-dismissed';

/**
 * iPhone and iPad browsers have no install offer (beforeinstallprompt): the app is added from the
 * Share sheet. iPadOS says it is a Mac, one with a touch screen. Not once the app runs installed.
 */
function needsHomeScreenHint(): boolean {
  const apple =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const installed =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia('(display-mode: standalone)').matches;
  return apple && !installed;
}

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * 'Install app' while the browser offers to install it, or on an iPhone the Share → Add to Home
 * Screen hint; with 'Not now', remembered. In the page's flow at its end, not floating: on a phone a
 * floating button sat over the upload card's fields.
 */
export function InstallOffer() {
  const { t } = useTranslation();
  const { canInstall } = usePwaState();
  // Read once hydrated: the host's render of the page knows neither, and React's takeover of it
  // must write the same.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  if (!hydrated || dismissed || wasDismissed()) return null;
  const hint = !canInstall && needsHomeScreenHint();
  if (!canInstall && !hint) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // No storage (the browser's settings): dismissed for this page only.
    }
    setDismissed(true);
  };

  return (
    <Paper withBorder radius="md" p="sm" mx="md" my="md" role="complementary" aria-label={t('pwa.install')}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        {canInstall ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void promptInstall().catch((error: unknown) => console.error('Install failed', error))}
          >
            {t('pwa.install')}
          </Button>
        ) : (
          <Text size="sm">{t('pwa.iosHint')}</Text>
        )}
        <CloseButton onClick={dismiss} aria-label={t('pwa.dismiss')} />
      </Group>
    </Paper>
  );
}
