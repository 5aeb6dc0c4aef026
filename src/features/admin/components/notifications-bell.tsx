import { useState } from 'react';
import { ActionIcon, Anchor, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/get-notifications';
import { formatDateTime } from '../utils/format';

/** When this browser last opened the bell: what came after counts as new. */
const SEEN_KEY = 'ulak_admin_notifications_seen';

function readSeen(): number {
  return Number(localStorage.getItem(SEEN_KEY) ?? 0) || 0;
}

/** The top bar's bell: new reports and takedowns while enableNotifications is on. */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const notifications = useNotifications().data;
  const [seen, setSeen] = useState(readSeen);
  const [opened, setOpened] = useState(false);
  const items = notifications?.items ?? [];
  const unseen = items.filter((n) => Date.parse(n.at) > seen).length;
  const label =
    notifications?.enabled === false ? t('admin.notifications.off') : t('admin.notifications.label', { count: unseen });

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={300}
      position="bottom-end"
      withArrow
      shadow="md"
      onOpen={() => {
        const now = Date.now();
        localStorage.setItem(SEEN_KEY, String(now));
      }}
      onClose={() => setSeen(readSeen())}
    >
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={() => setOpened((o) => !o)}>
          <Indicator disabled={unseen === 0} label={unseen} size={16} offset={-2} color="red">
            <IconBell size={18} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {notifications?.enabled === false ? (
          <Text size="sm">{t('admin.notifications.off')}</Text>
        ) : items.length === 0 ? (
          <Text size="sm">{t('admin.notifications.none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((n) => (
              <li key={n.id}>
                <Text size="sm" fw={Date.parse(n.at) > seen ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
                  {t(`admin.notifications.${n.kind}`, { name: n.fileName ?? n.shareId })}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.at, i18n.language)}
                </Text>
              </li>
            ))}
            <Anchor component={Link} to="/admin/reports" size="sm" onClick={() => setOpened(false)}>
              {t('admin.notifications.allReports')}
            </Anchor>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
