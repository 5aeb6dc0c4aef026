import type { ReactNode } from 'react';
import { Accordion, Card, List, ListItem, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudUpload, IconLink, IconShare } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { HOW_IT_WORKS, pageValues } from '@/components/published-page/page-outlines';
import { PublishedPageSection } from '@/components/published-page/published-page';
import { useSettings } from '@/lib/api/settings';

const STEP_ICONS = { upload: IconCloudUpload, link: IconLink, share: IconShare } as const;

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
  const values = pageValues(useSettings());
  return (
    <PublishedPageSection slug="how-it-works" title={t('howItWorks.title')} size="lg">
      <Text size="lg" c="dimmed">
        {t('howItWorks.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {HOW_IT_WORKS.steps.map((id, index) => {
          const Icon = STEP_ICONS[id];
          return (
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
          );
        })}
      </SimpleGrid>

      <Section id="security-title" title={t('howItWorks.security.title')}>
        <List spacing="xs">
          {HOW_IT_WORKS.security.map((id) => (
            <ListItem key={id}>{t(`howItWorks.security.points.${id}` satisfies ParseKeys, values)}</ListItem>
          ))}
        </List>
      </Section>

      <Section id="specs-title" title={t('howItWorks.specs.title')}>
        <Table.ScrollContainer minWidth={280}>
          <Table striped withTableBorder>
            <Table.Tbody>
              {HOW_IT_WORKS.specs.map((id) => (
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
          {HOW_IT_WORKS.faq.map((id) => (
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
    </PublishedPageSection>
  );
}
