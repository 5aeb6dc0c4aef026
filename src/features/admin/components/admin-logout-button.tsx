import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clearAdminSession } from '../api/admin-session';

/** Logout asks first (SPEC §2), then forgets the token and the UI flag. */
export function AdminLogoutButton() {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        variant="light"
        color="red"
        size="xs"
        leftSection={<IconLogout size={16} />}
        onClick={modal.open}
        visibleFrom="xs"
      >
        {t('admin.shell.logout')}
      </Button>
      {/* On a phone the label would crowd the version badge out of the top bar. */}
      <ActionIcon variant="light" color="red" onClick={modal.open} aria-label={t('admin.shell.logout')} hiddenFrom="xs">
        <IconLogout size={16} />
      </ActionIcon>
      <Modal opened={opened} onClose={modal.close} title={t('admin.shell.logoutTitle')} centered>
        <Text>{t('admin.shell.logoutConfirm')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={modal.close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              modal.close();
              clearAdminSession();
            }}
          >
            {t('admin.shell.logout')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
