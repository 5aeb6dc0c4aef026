// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/supabase';
import { ADMIN_TOKEN_HEADER, readAdminSession, saveAdminSession } from './admin-session';
import { callAdminApi } from './call-admin-api';

const session = { token: 'signed.token', expiresAt: new Date(Date.now() + 60_000).toISOString() };

describe('callAdminApi', () => {
  it('sends the session token with the request', async () => {
    saveAdminSession(session);
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ totalUploads: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callAdminApi('admin/stats')).resolves.toEqual({ totalUploads: 3 });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers[ADMIN_TOKEN_HEADER]).toBe('signed.token');
  });

  it('signs out when the API rejects the token', async () => {
    saveAdminSession(session);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Admin session expired' }, { status: 401 })),
    );
    await expect(callAdminApi('admin/stats')).rejects.toBeInstanceOf(ApiError);
    expect(readAdminSession()).toBeNull();
    expect(localStorage.getItem('admin_authenticated')).toBeNull();
  });

  it('keeps the session on other errors', async () => {
    saveAdminSession(session);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Database unavailable' }, { status: 503 })),
    );
    await expect(callAdminApi('admin/stats')).rejects.toMatchObject({ status: 503 });
    expect(readAdminSession()).toEqual(session);
  });
});
