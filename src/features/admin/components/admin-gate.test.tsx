// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/api';
import { APP_VERSION } from '@/config/site';
import { renderRoute } from '@/test/render';
import { ADMIN_AUTHENTICATED_FLAG_KEY, ADMIN_SESSION_STORAGE_KEY } from '../api/admin-session';

/** Replaces the network (not our code): answers every request with `answer`. */
function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ADMIN_PATHS = ['/admin', '/admin/uploads', '/admin/settings', '/admin/system'];

describe('admin gate', () => {
  it.each(ADMIN_PATHS)('shows the sign-in form on %s when signed out', async (path) => {
    await renderRoute(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Admin user')).not.toBeInTheDocument();
  });

  it('requires both fields before calling the API', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500, {}));
    const { user } = await renderRoute('/admin');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Username/), 'admin');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets the password be shown and hidden', async () => {
    const { user } = await renderRoute('/admin');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show or hide password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('shows the server refusal and stays signed out', async () => {
    stubFetch(() => jsonResponse(401, { error: 'Invalid username or password', code: 'invalid_credentials' }));
    const { user } = await renderRoute('/admin');
    await user.type(screen.getByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).toBeNull();
  });

  // A form typed, a dialog and two server calls: over 5 s when the machine is busy with other work.
  it('signs in to the requested screen, shows "Signing in..." meanwhile, and logs out after confirming', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await renderRoute('/admin/uploads');
    await user.type(screen.getByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:54321/functions/v1/api/admin/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'admin', password: 'correct horse' });

    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    answer(jsonResponse(200, { token: 'signed.token', expiresAt }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Uploads' })).toBeInTheDocument();
    expect(screen.getByText('Admin user')).toBeInTheDocument();
    expect(screen.getByText(`v${APP_VERSION}`)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)!)).toEqual({
      token: 'signed.token',
      expiresAt,
    });
    expect(localStorage.getItem(ADMIN_AUTHENTICATED_FLAG_KEY)).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to logout?')).toBeInTheDocument();
    const callsBefore = fetchMock.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    // The server is told first, with the session's token; the page forgets it once it answered.
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(callsBefore));
    const [logoutUrl, logoutInit] = fetchMock.mock.calls.at(-1)!;
    expect(logoutUrl).toBe('http://127.0.0.1:54321/functions/v1/api/admin/logout');
    expect(logoutInit?.method).toBe('POST');
    expect(new Headers(logoutInit?.headers).get('x-admin-token')).toBe('signed.token');
    expect(localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).not.toBeNull();
    answer(jsonResponse(200, { loggedOut: true }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeInTheDocument());
    expect(localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_AUTHENTICATED_FLAG_KEY)).toBeNull();
  }, 30_000);

  it('treats an expired session as signed out', async () => {
    localStorage.setItem(
      ADMIN_SESSION_STORAGE_KEY,
      JSON.stringify({ token: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    await renderRoute('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeInTheDocument();
  });

  it('signs out when another tab logs out', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, JSON.stringify({ token: 'shared', expiresAt }));
    stubFetch(() => jsonResponse(404, { error: 'No such API endpoint.', code: 'no_such_endpoint' }));
    await renderRoute('/admin/settings');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // What the other tab's logout does to this one: the shared entry is gone, and a storage event says so.
    localStorage.removeItem(ADMIN_SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: ADMIN_SESSION_STORAGE_KEY }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign in' })).toBeInTheDocument();
  });
});
