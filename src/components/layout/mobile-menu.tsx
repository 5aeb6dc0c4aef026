import { Drawer, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_MENU_ID } from './mobile-menu-id';
import { HEADER_LINKS } from './nav-links';
import classes from './site-header.module.css';

/**
 * The header's links in a drawer, for narrow screens. Its own module: the drawer brings Mantine's
 * modal stack (focus trap, scroll lock, portal, transitions), which the header loads only when the
 * menu is first opened, not on every first visit.
 */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      id={MOBILE_MENU_ID}
      opened={opened}
      onClose={onClose}
      title={t('nav.menu')}
      position="right"
      size="xs"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <nav aria-label={t('nav.mobile')}>
        <Stack gap={4}>
          {HEADER_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={classes.drawerLink}
              activeOptions={{ exact: link.to === '/' }}
              onClick={onClose}
            >
              {t(link.labelKey)}
            </Link>
          ))}
        </Stack>
      </nav>
    </Drawer>
  );
}
