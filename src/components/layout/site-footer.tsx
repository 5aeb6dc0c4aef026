import { ActionIcon, Anchor, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandGithub, IconBrandLinkedin, IconBrandX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { CREDIT, SOCIAL_LINKS } from '@/config/site';
import type { SocialLinkId } from '@/config/site';
import { BrandLogo } from './brand-logo';
import classes from './site-footer.module.css';

const QUICK_LINKS = [
  { to: '/', labelKey: 'footer.home' },
  { to: '/upload', labelKey: 'footer.upload' },
  { to: '/how-it-works', labelKey: 'footer.howItWorks' },
  { to: '/about', labelKey: 'footer.about' },
] as const satisfies readonly { to: string; labelKey: ParseKeys }[];

const LEGAL_LINKS = [
  { to: '/privacy', labelKey: 'footer.privacy' },
  { to: '/terms', labelKey: 'footer.terms' },
  { to: '/cookies', labelKey: 'footer.cookies' },
] as const satisfies readonly { to: string; labelKey: ParseKeys }[];

const SOCIAL_ICONS: Record<SocialLinkId, typeof IconBrandGithub> = {
  github: IconBrandGithub,
  x: IconBrandX,
  linkedin: IconBrandLinkedin,
};

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

export function SiteFooter() {
  const { t } = useTranslation();
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

          <Stack gap="xs">
            <Title order={2} fz="sm" id="footer-contact">
              {t('footer.contact')}
            </Title>
            <Anchor href={`mailto:${env.contactEmail}`} className={classes.link}>
              {env.contactEmail}
            </Anchor>
            <Group gap="xs" aria-label={t('footer.social')} role="group">
              {SOCIAL_LINKS.map((link) => {
                const Icon = SOCIAL_ICONS[link.id];
                return (
                  <ActionIcon
                    key={link.id}
                    component="a"
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t(`footer.socialNames.${link.id}`)}
                  >
                    <Icon size={20} stroke={1.6} />
                  </ActionIcon>
                );
              })}
            </Group>
          </Stack>
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
