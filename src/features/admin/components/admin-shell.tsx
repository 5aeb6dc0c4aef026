import type { ReactNode } from 'react';
import { AppShell, Badge, Burger, Group, NavLink, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ColorSchemeToggle } from '@/components/layout/color-scheme-toggle';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { APP_VERSION } from '@/config/site';
import { ADMIN_NAV_LINKS } from './admin-nav-links';
import { AdminLogoutButton } from './admin-logout-button';
import { NotificationsBell } from './notifications-bell';

/** The signed-in admin frame: sidebar, top bar and the current admin screen. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [navOpen, nav] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = pathname.replace(/\/+$/, '') || '/';
  const navigate = useNavigate();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 auto' }}>
            <Burger
              opened={navOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            />
            {/* On a narrow screen the title gives way first (smaller, then truncated), never the badge. */}
            <Text fw={800} fz={{ base: 'sm', xs: 'md' }} truncate="end" style={{ minWidth: 0 }}>
              {t('admin.shell.title')}
            </Text>
            {/* Never squeezed: the version stays readable on a 375 px phone. */}
            <Badge variant="light" size="sm" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
              v{APP_VERSION}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {/* Searches the stored files: Enter opens /admin/uploads with the text. */}
            <form
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
                void navigate({ to: '/admin/uploads', search: q ? { q } : {} });
              }}
            >
              <TextInput
                visibleFrom="md"
                size="xs"
                name="q"
                type="search"
                leftSection={<IconSearch size={14} aria-hidden />}
                placeholder={t('admin.shell.search')}
                aria-label={t('admin.shell.search')}
              />
            </form>
            <NotificationsBell />
            {/* On a phone these two move into the menu, so the panel's name stays readable. */}
            <Group gap={6} wrap="nowrap" visibleFrom="xs">
              <LanguageToggle />
              <ColorSchemeToggle />
            </Group>
            <Text size="sm" fw={500} visibleFrom="xs">
              {t('admin.shell.user')}
            </Text>
            <AdminLogoutButton />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" component="nav" aria-label={t('admin.shell.navigation')}>
        {ADMIN_NAV_LINKS.map(({ to, labelKey, icon: Icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={t(labelKey)}
            leftSection={<Icon size={18} stroke={1.6} />}
            activeOptions={{ exact: true }}
            active={current === to}
            onClick={nav.close}
          />
        ))}
        <Group gap="xs" mt="md" px="xs" hiddenFrom="xs">
          <LanguageToggle />
          <ColorSchemeToggle />
        </Group>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
