import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettingsDto } from '@domain/admin-api-types';
import type { ServiceSettings } from '@domain/service-settings';
import { settingsKeys } from '@/lib/api/settings';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** POST admin/settings: validated and stored by the server, which enforces them from then on. */
export function saveAdminSettings(settings: ServiceSettings): Promise<AdminSettingsDto> {
  return adminCall<AdminSettingsDto>('settings', { body: settings });
}

export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      // This tab's public screens show the new limits at once.
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      await queryClient.invalidateQueries({ queryKey: adminKeys.notifications() });
    },
  });
}
