import { useState } from 'react';
import { Button, Card, Group, NumberInput, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSettingsDto } from '@domain/admin-api-types';
import { SETTINGS_BOUNDS } from '@domain/constants';
import { ALLOWED_FILE_TYPES, type AllowedFileTypes } from '@domain/api-types';
import {
  isSettingsProblem,
  normalizeTypeEntry,
  SITE_CONTACT_BOUNDS,
  validateSettings,
  type ServiceSettings,
} from '@domain/service-settings';
import { RequestError } from '@/components/request-error';
import { useAdminSettings } from '../api/get-settings';
import { useSaveAdminSettings } from '../api/save-settings';
import { useFlash } from '../hooks/use-flash';
import { formatDateTime } from '../utils/format';
import { SavedStatus } from './saved-status';
import { AdminPage, QueryState } from './admin-page';

/** /admin/settings: SPEC's settings form; saved in the database and enforced by the API. */
export function AdminSettings() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <AdminPage title={t('admin.settings.title')} intro={t('admin.settings.intro')}>
      <QueryState isPending={settings.isPending} error={settings.error} />
      {settings.data && <SettingsForm stored={settings.data} />}
    </AdminPage>
  );
}

/** The on/off settings, each with a caption for either state. */
const SWITCHES = [
  { field: 'enableAnalytics', color: undefined },
  { field: 'enableNotifications', color: undefined },
  { field: 'maintenanceMode', color: 'orange' },
] as const;

type Draft = Omit<ServiceSettings, 'maxFileSizeGb' | 'autoDeleteDays'> & {
  maxFileSizeGb: number | string;
  autoDeleteDays: number | string;
};

function SettingsForm({ stored }: { stored: AdminSettingsDto }) {
  const { t, i18n } = useTranslation();
  const save = useSaveAdminSettings();
  const [saved, flashSaved] = useFlash();
  const [draft, setDraft] = useState<Draft>(stored);
  const [problemField, setProblemField] = useState<keyof ServiceSettings | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblemField(null);
  };
  const { maxFileSizeGb, autoDeleteDays } = SETTINGS_BOUNDS;
  const fieldError = (field: keyof ServiceSettings, message: string) => (problemField === field ? message : undefined);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = validateSettings({ ...draft });
        if (isSettingsProblem(checked)) {
          setProblemField(checked.field);
          return;
        }
        save.mutate(checked, { onSuccess: flashSaved });
      }}
    >
      <Stack gap="md" maw={640}>
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <NumberInput
              label={t('admin.settings.maxFileSize')}
              description={t('admin.settings.maxFileSizeHint', maxFileSizeGb)}
              min={maxFileSizeGb.min}
              max={maxFileSizeGb.max}
              allowDecimal={false}
              suffix=" GB"
              value={draft.maxFileSizeGb}
              onChange={(value) => set('maxFileSizeGb', value)}
              error={fieldError('maxFileSizeGb', t('admin.settings.rangeError', maxFileSizeGb))}
              required
            />
            <NumberInput
              label={t('admin.settings.autoDeleteDays')}
              description={t('admin.settings.autoDeleteDaysHint', autoDeleteDays)}
              min={autoDeleteDays.min}
              max={autoDeleteDays.max}
              allowDecimal={false}
              value={draft.autoDeleteDays}
              onChange={(value) => set('autoDeleteDays', value)}
              error={fieldError('autoDeleteDays', t('admin.settings.rangeError', autoDeleteDays))}
              required
            />
            <Select
              label={t('admin.settings.allowedFileTypes')}
              data={ALLOWED_FILE_TYPES.map((value) => ({ value, label: t(`admin.settings.types.${value}`) }))}
              value={draft.allowedFileTypes}
              onChange={(value) => set('allowedFileTypes', (value as AllowedFileTypes | null) ?? 'all')}
              allowDeselect={false}
            />
            {draft.allowedFileTypes === 'custom' && (
              <TagsInput
                label={t('admin.settings.customFileTypes')}
                description={t('admin.settings.customFileTypesHint')}
                value={draft.customFileTypes}
                onChange={(values) =>
                  set(
                    'customFileTypes',
                    values.map((v) => normalizeTypeEntry(v) ?? v.trim()),
                  )
                }
                error={fieldError('customFileTypes', t('admin.settings.customFileTypesError'))}
                maxTags={SETTINGS_BOUNDS.customFileTypes.max}
              />
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            {SWITCHES.map(({ field, color }) => (
              <Switch
                key={field}
                label={t(`admin.settings.${field}.label`)}
                // The caption describes the state the switch is in, so it reads true either way.
                description={t(`admin.settings.${field}.${draft[field] ? 'on' : 'off'}`)}
                color={color}
                checked={draft[field]}
                onChange={(event) => set(field, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <TextInput
              type="email"
              label={t('admin.settings.contactEmail')}
              description={t('admin.settings.contactEmailHint')}
              value={draft.contactEmail}
              onChange={(event) => set('contactEmail', event.currentTarget.value)}
              error={fieldError('contactEmail', t('admin.settings.contactEmailError'))}
              maxLength={SITE_CONTACT_BOUNDS.contactEmailLength}
            />
            <TagsInput
              label={t('admin.settings.socialLinks')}
              description={t('admin.settings.socialLinksHint')}
              value={draft.socialLinks}
              onChange={(values) =>
                set(
                  'socialLinks',
                  values.map((v) => v.trim()),
                )
              }
              error={fieldError(
                'socialLinks',
                t('admin.settings.socialLinksError', { max: SITE_CONTACT_BOUNDS.socialLinks }),
              )}
              maxTags={SITE_CONTACT_BOUNDS.socialLinks}
              // A pasted or typed link is taken when the field is left, not only on Enter.
              acceptValueOnBlur
            />
          </Stack>
        </Card>
        <RequestError error={save.error} />
        <Group gap="md">
          <Button type="submit" loading={save.isPending}>
            {t('admin.settings.save')}
          </Button>
          <SavedStatus shown={saved}>{t('admin.settings.saved')}</SavedStatus>
        </Group>
        <Text size="xs" c="dimmed">
          {stored.updatedBy
            ? t('admin.settings.lastSaved', {
                who: stored.updatedBy,
                time: formatDateTime(stored.updatedAt, i18n.language),
              })
            : t('admin.settings.defaults')}
        </Text>
      </Stack>
    </form>
  );
}
