import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPageDto, AdminPageSaveRequest } from '@domain/admin-api-types';
import { pageKeys } from '@/lib/api/pages';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** POST admin/pages/{slug}/{lang}: Markdown saved as published or draft. */
export function saveAdminPage({
  slug,
  language,
  content,
  status,
}: Pick<AdminPageDto, 'slug' | 'language'> & AdminPageSaveRequest): Promise<AdminPageDto> {
  const body: AdminPageSaveRequest = { content, status };
  return adminCall<AdminPageDto>(`pages/${slug}/${language}`, { body });
}

export function useSaveAdminPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminPage,
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.pages(), (pages: AdminPageDto[] | undefined) =>
        pages?.map((p) => (p.slug === saved.slug && p.language === saved.language ? saved : p)),
      );
      await queryClient.invalidateQueries({ queryKey: pageKeys.all });
    },
  });
}
