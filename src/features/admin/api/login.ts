import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/supabase';
import { saveAdminSession } from './admin-session';
import type { AdminSession } from './admin-session';

export interface AdminCredentials {
  username: string;
  password: string;
}

/** POST admin/login: 200 `{ token, expiresAt }`; 401 and 429 carry `{ error }`. */
export function loginAdmin(credentials: AdminCredentials, signal?: AbortSignal): Promise<AdminSession> {
  return callApi<AdminSession>('admin/login', { method: 'POST', body: credentials, signal });
}

export function useAdminLogin() {
  return useMutation({
    mutationFn: (credentials: AdminCredentials) => loginAdmin(credentials),
    onSuccess: (session) => saveAdminSession(session),
  });
}
