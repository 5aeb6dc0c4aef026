import type { ReactNode } from 'react';
import { AppShell, Badge, Burger, Group, NavLink, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ColorSchemeToggle } from '@/components/layout/color-scheme-toggle';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { ADMIN_NAV_LINKS } from './admin-nav-links';
import { AdminLogoutButton } from './admin-logout-button';
import { NotificationsBell } from './notifications-bell';

/** The signed-in admin frame: sidebar, top bar and the current admin screen. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [navOpen, nav] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = pathname.replace(/\/+$/, '') || '/';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 auto' }}>
            <Burger
              opened={navOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            />
            <Text fw={800} truncate="end" style={{ minWidth: 0 }}>
              {t('admin.shell.title')}
            </Text>
            {/* Never squeezed: the version stays readable on a 375 px phone. */}
            <Badge variant="light" size="sm" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
              {t('admin.shell.version')}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <TextInput
              visibleFrom="md"
              size="xs"
              leftSection={<IconSearch size={14} />}
              placeholder={t('admin.shell.search')}
              aria-label={t('admin.shell.search')}
            />
            <NotificationsBell />
            <LanguageToggle />
            <ColorSchemeToggle />
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
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
