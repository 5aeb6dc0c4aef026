import { Button, Group, Modal, Text } from '@mantine/core';
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
      <Button variant="light" color="red" size="xs" leftSection={<IconLogout size={16} />} onClick={modal.open}>
        {t('admin.shell.logout')}
      </Button>
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
