import { ActionIcon, Anchor, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CREDIT } from '@/config/site';
import { useSettings } from '@/lib/api/settings';
import { useHydrated } from '@/lib/use-hydrated';
import { BrandLogo } from './brand-logo';
import { HEADER_LINKS } from './nav-links';
import classes from './site-footer.module.css';
import { socialSite } from './social-link';

// The footer names the pages as the header does, all of them (docs/glossary.md).
const QUICK_LINKS = HEADER_LINKS;

const LEGAL_LINKS = [
  { to: '/privacy', labelKey: 'footer.privacy' },
  { to: '/terms', labelKey: 'footer.terms' },
  { to: '/cookies', labelKey: 'footer.cookies' },
] as const satisfies readonly { to: string; labelKey: ParseKeys }[];

type FooterLink = (typeof QUICK_LINKS)[number] | (typeof LEGAL_LINKS)[number];

function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly FooterLink[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby={id}>
      <Title order={2} fz="sm" mb="xs" id={id}>
        {title}
      </Title>
      <ul className={classes.list}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={classes.link}>
              {t(link.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The operator's contact address and profile links from the settings; nothing while none is set. */
function FooterContact() {
  const { t } = useTranslation();
  const settings = useSettings();
  const email = settings?.contactEmail ?? '';
  const links = settings?.socialLinks ?? [];
  if (email === '' && links.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="sm" id="footer-contact">
        {t('footer.contact')}
      </Title>
      {email !== '' && (
        <Anchor href={`mailto:${email}`} className={classes.link} style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Anchor>
      )}
      {links.length > 0 && (
        <Group gap="xs" aria-label={t('footer.social')} role="group">
          {links.map((href) => {
            const site = socialSite(href);
            const Icon = site.icon;
            return (
              <ActionIcon
                key={href}
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={
                  site.id ? t(`footer.socialNames.${site.id}`) : t('footer.socialNames.other', { site: site.host })
                }
              >
                <Icon size={20} stroke={1.6} />
              </ActionIcon>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  // Not in the host's render of a page: asking for the settings there would leave a query the
  // render does not answer, and the page would no longer count as complete (see entry-server.tsx).
  const hydrated = useHydrated();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <BrandLogo />
            <Text size="sm" c="dimmed">
              {t('footer.tagline')}
            </Text>
          </Stack>

          <FooterLinks id="footer-quick-links" title={t('footer.quickLinks')} links={QUICK_LINKS} />
          <FooterLinks id="footer-legal" title={t('footer.legal')} links={LEGAL_LINKS} />

          {hydrated && <FooterContact />}
        </SimpleGrid>

        <Divider my="lg" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('footer.rights', { year: new Date().getFullYear() })}
          </Text>
          <Text size="xs" c="dimmed">
            <Anchor href={CREDIT.href} target="_blank" rel="noopener noreferrer" inherit c="dimmed" underline="always">
              {t('footer.credit', { name: CREDIT.name })}
            </Anchor>
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
