import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPageDto, PageLanguage, PageSlug, PageStatus } from '@domain/api-types';
import { pageKeys } from '@/lib/api/pages';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

export interface PageSave {
  slug: PageSlug;
  language: PageLanguage;
  content: string;
  status: PageStatus;
}

/** POST admin/pages/{slug}/{lang}: Markdown saved as published or draft. */
export function saveAdminPage({ slug, language, content, status }: PageSave): Promise<AdminPageDto> {
  return adminCall<AdminPageDto>(`pages/${slug}/${language}`, { body: { content, status } });
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
