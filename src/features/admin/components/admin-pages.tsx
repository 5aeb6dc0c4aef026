import { lazy, Suspense, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminPageDto, PageStatus } from '@domain/admin-api-types';
import { PAGE_LANGUAGES, PAGE_SLUGS, type PageLanguage, type PageSlug } from '@domain/api-types';
import { PAGE_CONTENT_MAX_LENGTH } from '@domain/constants';
import { pageValues } from '@/components/published-page/page-outlines';
import { RequestError } from '@/components/request-error';
import { useSettings } from '@/lib/api/settings';
import { useAdminPages } from '../api/get-pages';
import { useSaveAdminPage } from '../api/save-page';
import { useFlash } from '../hooks/use-flash';
import { useLoadedLanguage } from '../hooks/use-loaded-language';
import { builtInMarkdown } from '../utils/built-in-markdown';
import { formatDateTime } from '../utils/format';
import { SavedStatus } from './saved-status';
import { AdminPage, QueryState } from './admin-page';

// The preview uses the public pages' own sanitising renderer, loaded only here.
const MarkdownContent = lazy(() =>
  import('@/components/published-page/markdown-content').then((m) => ({ default: m.MarkdownContent })),
);

/** The public path of each page. */
const PAGE_PATHS: Record<PageSlug, string> = {
  home: '/',
  about: '/about',
  'how-it-works': '/how-it-works',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
};

/** /admin/pages: Markdown for the public and legal pages in English and Turkish; view, edit, save, cancel. */
export function AdminPages() {
  const { t } = useTranslation();
  const pages = useAdminPages();
  const [slug, setSlug] = useState<PageSlug>('home');
  const [language, setLanguage] = useState<PageLanguage>('en');
  const page = pages.data?.find((p) => p.slug === slug && p.language === language);
  return (
    <AdminPage title={t('admin.pages.title')} intro={t('admin.pages.intro')}>
      <Group gap="sm" wrap="wrap">
        {/* Chips wrap on a phone, where six segments would run off the screen. */}
        <Chip.Group value={slug} onChange={(value) => setSlug(value as PageSlug)}>
          <Group gap={6} role="radiogroup" aria-label={t('admin.pages.page')}>
            {PAGE_SLUGS.map((s) => (
              <Chip key={s} value={s} size="sm">
                {t(`admin.pages.slugs.${s}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <SegmentedControl
          aria-label={t('admin.pages.language')}
          value={language}
          onChange={(value) => setLanguage(value as PageLanguage)}
          data={PAGE_LANGUAGES.map((l) => ({ value: l, label: t(`admin.pages.languages.${l}`) }))}
        />
      </Group>
      <QueryState isPending={pages.isPending} error={pages.error} />
      {page && <PageEditor key={`${page.slug}:${page.language}`} page={page} />}
    </AdminPage>
  );
}

function PageEditor({ page }: { page: AdminPageDto }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const save = useSaveAdminPage();
  const [saved, flashSaved] = useFlash();
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(page.content);
  const [status, setStatus] = useState<PageStatus>(page.status);
  // Nothing saved: the built-in text is live, so it is what the editor shows and starts from.
  const builtIn = page.content.trim() === '';
  const languageLoaded = useLoadedLanguage(page.language);
  const liveContent = !builtIn
    ? page.content
    : languageLoaded
      ? builtInMarkdown(page.slug, i18n.getFixedT(page.language), pageValues(settings))
      : null;

  const edit = () => {
    setContent(liveContent ?? '');
    setStatus(page.status);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    save.reset();
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{PAGE_PATHS[page.slug]}</Text>
            <Badge color={page.status === 'published' ? 'teal.9' : 'yellow'} variant="filled" autoContrast>
              {t(`admin.pages.statuses.${page.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {page.updatedAt
              ? t('admin.pages.lastModified', {
                  time: formatDateTime(page.updatedAt, i18n.language),
                  who: page.updatedBy ?? '',
                })
              : t('admin.pages.neverSaved')}
          </Text>
        </Group>

        {editing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(
                { slug: page.slug, language: page.language, content, status },
                {
                  onSuccess: () => {
                    setEditing(false);
                    flashSaved();
                  },
                },
              );
            }}
          >
            <Stack gap="md">
              <Textarea
                label={t('admin.pages.content')}
                description={t('admin.pages.contentHint', { max: PAGE_CONTENT_MAX_LENGTH })}
                value={content}
                onChange={(event) => setContent(event.currentTarget.value)}
                maxLength={PAGE_CONTENT_MAX_LENGTH}
                autosize
                minRows={10}
                maxRows={24}
                ff="monospace"
              />
              <NativeSelect
                label={t('admin.pages.status')}
                data={(['published', 'draft'] as const).map((s) => ({
                  value: s,
                  label: t(`admin.pages.statuses.${s}`),
                }))}
                value={status}
                onChange={(event) => setStatus(event.currentTarget.value as PageStatus)}
                w={200}
              />
              <RequestError error={save.error} />
              <Group gap="sm">
                <Button
                  type="submit"
                  disabled={save.isPending}
                  leftSection={save.isPending ? <Loader size="xs" color="currentColor" /> : undefined}
                >
                  {save.isPending ? t('admin.pages.saving') : t('admin.pages.save')}
                </Button>
                <Button variant="default" onClick={cancel} disabled={save.isPending}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="md">
            <Group gap="md">
              <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={edit} disabled={liveContent === null}>
                {t('admin.pages.edit')}
              </Button>
              <SavedStatus shown={saved}>{t('admin.pages.saved')}</SavedStatus>
            </Group>
            {builtIn && <Text c="dimmed">{t('admin.pages.builtIn')}</Text>}
            <Card component="section" withBorder radius="sm" padding="md" aria-label={t('admin.pages.preview')}>
              <Suspense fallback={<Loader size="sm" />}>
                {liveContent === null ? <Loader size="sm" /> : <MarkdownContent content={liveContent} />}
              </Suspense>
            </Card>
            {page.status === 'draft' && (
              <Text size="sm" c="dimmed">
                {t('admin.pages.draftNote')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
