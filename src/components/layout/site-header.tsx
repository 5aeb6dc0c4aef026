import { lazy, Suspense } from 'react';
import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { HEADER_BLUR_SCROLL_PX } from '@domain/constants';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { BrandLogo } from './brand-logo';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageToggle } from './language-toggle';
import { MOBILE_MENU_ID } from './mobile-menu-id';
import { HEADER_LINKS } from './nav-links';
import classes from './site-header.module.css';
import { useScrolledPast } from './use-scrolled-past';

// Loaded on the first tap of the burger (or a hover or focus before it): see mobile-menu.tsx.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

export function SiteHeader() {
  const { t } = useTranslation();
  const [scrolled, scrollMarker] = useScrolledPast();
  const [menuOpen, menu] = useDisclosure(false);
  const menuLoaded = useOpenedOnce(menuOpen);

  return (
    <>
      <div
        ref={scrollMarker}
        className={classes.scrollMarker}
        style={{ height: HEADER_BLUR_SCROLL_PX }}
        aria-hidden="true"
      />
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
                onPointerEnter={() => void loadMobileMenu()}
                onFocus={() => void loadMobileMenu()}
                aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
                aria-expanded={menuOpen}
                aria-controls={MOBILE_MENU_ID}
              />
            </Group>
          </Group>
        </Container>

        {menuLoaded && (
          <Suspense fallback={null}>
            <MobileMenu opened={menuOpen} onClose={menu.close} />
          </Suspense>
        )}
      </header>
    </>
  );
}
