import { useMutation } from '@tanstack/react-query';
import type { AdminLoginRequest, AdminSession } from '@domain/admin-api-types';
import { apiClient } from '@/lib/api/app-client';
import { saveAdminSession } from './admin-session';

/** POST admin/login: the session, or ApiError invalid_credentials (401) or rate_limited (429). */
export function loginAdmin(credentials: AdminLoginRequest, signal?: AbortSignal): Promise<AdminSession> {
  return apiClient.call<AdminSession>('admin/login', { body: credentials, signal });
}

export function useAdminLogin() {
  return useMutation({
    mutationFn: (credentials: AdminLoginRequest) => loginAdmin(credentials),
    onSuccess: (session) => saveAdminSession(session),
  });
}
