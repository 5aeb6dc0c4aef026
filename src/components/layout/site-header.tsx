import { Box, Burger, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { HEADER_BLUR_SCROLL_PX } from '@domain/constants';
import { BrandLogo } from './brand-logo';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageToggle } from './language-toggle';
import { HEADER_LINKS } from './nav-links';
import classes from './site-header.module.css';

export function SiteHeader() {
  const { t } = useTranslation();
  const [{ y }] = useWindowScroll();
  const [menuOpen, menu] = useDisclosure(false);
  const scrolled = y > HEADER_BLUR_SCROLL_PX;

  return (
    <header className={classes.header} data-scrolled={scrolled || undefined}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Link to="/" className={classes.brand} aria-label={t('nav.homeAria')}>
            <BrandLogo />
          </Link>

          <Box component="nav" aria-label={t('nav.main')} visibleFrom="sm">
            <Group gap={4} wrap="nowrap">
              {HEADER_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className={classes.link} activeOptions={{ exact: link.to === '/' }}>
                  {t(link.labelKey)}
                </Link>
              ))}
            </Group>
          </Box>

          <Group gap="xs" wrap="nowrap">
            <LanguageToggle />
            <ColorSchemeToggle />
            <Burger
              hiddenFrom="sm"
              size="sm"
              opened={menuOpen}
              onClick={menu.toggle}
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
            />
          </Group>
        </Group>
      </Container>

      <Drawer
        id="mobile-menu"
        opened={menuOpen}
        onClose={menu.close}
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
                onClick={menu.close}
              >
                {t(link.labelKey)}
              </Link>
            ))}
          </Stack>
        </nav>
      </Drawer>
    </header>
  );
}
