import type { ReactNode } from 'react';
import { Accordion, Card, List, ListItem, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudUpload, IconLink, IconShare } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { GIB, MAX_FILE_SIZE, MAX_RECIPIENTS, RETENTION_DAYS, SHARE_ID_LENGTH } from '@domain/constants';
import { PageSection } from '@/components/page-section';
import { PublishedPage } from '@/components/published-page/published-page';
import { useSettings } from '@/lib/api/settings';

const STEPS = [
  { id: 'upload', icon: IconCloudUpload },
  { id: 'link', icon: IconLink },
  { id: 'share', icon: IconShare },
] as const;

const SECURITY_POINTS = ['https', 'direct', 'storage', 'owner', 'privacy', 'deletion'] as const;

const SPECS = ['maxSize', 'retention', 'types', 'batch', 'resume', 'link', 'email', 'offline'] as const;

const FAQ = ['retention', 'expiry', 'limit', 'account', 'security', 'extend'] as const;

/** A titled part of the page (an <h2> that names its <section>). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
/**
 * /how-it-works: three steps, security, technical specifications and the FAQ (docs/product.md §2), with the
 * limits the server enforces now; the admin's published text instead, when there is one.
 */
export function HowItWorksScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const days = settings?.retentionDays ?? RETENTION_DAYS;
  const values = {
    count: days,
    days,
    maxSizeGb: (settings?.maxFileSize ?? MAX_FILE_SIZE) / GIB,
    maxRecipients: MAX_RECIPIENTS,
    idLength: SHARE_ID_LENGTH,
  };
  return (
    <PageSection title={t('howItWorks.title')} size="lg">
      <PublishedPage slug="how-it-works">
        <Text size="lg" c="dimmed">
          {t('howItWorks.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {STEPS.map(({ id, icon: Icon }, index) => (
            <Card key={id} component="li" withBorder radius="lg" padding="lg">
              <Stack gap="xs">
                <ThemeIcon size="xl" radius="md" variant="light" aria-hidden>
                  <Icon size={26} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} fz="h4">
                  <span aria-hidden>{t('howItWorks.stepLabel', { number: index + 1 })} </span>
                  <span>{t(`howItWorks.steps.${id}.title`)}</span>
                </Title>
                <Text c="dimmed">{t(`howItWorks.steps.${id}.text`, values)}</Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>

        <Section id="security-title" title={t('howItWorks.security.title')}>
          <List spacing="xs">
            {SECURITY_POINTS.map((id) => (
              <ListItem key={id}>{t(`howItWorks.security.points.${id}` satisfies ParseKeys, values)}</ListItem>
            ))}
          </List>
        </Section>

        <Section id="specs-title" title={t('howItWorks.specs.title')}>
          <Table.ScrollContainer minWidth={280}>
            <Table striped withTableBorder>
              <Table.Tbody>
                {SPECS.map((id) => (
                  <Table.Tr key={id}>
                    <Table.Th scope="row" w="40%">
                      {t(`howItWorks.specs.rows.${id}.label`)}
                    </Table.Th>
                    <Table.Td>{t(`howItWorks.specs.rows.${id}.value`, values)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>

        <Section id="faq-title" title={t('howItWorks.faq.title')}>
          <Accordion variant="separated" multiple>
            {FAQ.map((id) => (
              <Accordion.Item key={id} value={id}>
                <Accordion.Control>
                  <Text component="h3" fw={600} m={0} fz="md">
                    {t(`howItWorks.faq.items.${id}.question`, values)}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>{t(`howItWorks.faq.items.${id}.answer`, values)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Section>
      </PublishedPage>
    </PageSection>
  );
}
