import { Box, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { logoutAdmin } from '../api/logout';

/** Logout asks first, then ends the session on the server and forgets the token and the UI flag. */
export function AdminLogoutButton() {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      {/* On a phone the word gives its room to the panel's title; the button keeps its name. */}
      <Button variant="light" color="red" size="xs" px={8} aria-label={t('admin.shell.logout')} onClick={modal.open}>
        <IconLogout size={16} aria-hidden />
        <Box component="span" visibleFrom="xs" ml={6}>
          {t('admin.shell.logout')}
        </Box>
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
              void logoutAdmin();
            }}
          >
            {t('admin.shell.logout')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
