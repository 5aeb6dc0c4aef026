// @vitest-environment node
// The route table as an operator relies on it: every admin endpoint sits behind the session check,
// and each one is in the list of endpoints whose tests prove it refuses a caller without a session.
import { describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS } from '../../tests/admin-endpoints.ts';
import { ROUTES } from './routes.ts';

/** Whether `path` is one the route `pattern` (with :name segments) answers. */
function answers(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
}

describe('the route table', () => {
  it('asks for an admin session on every /admin/ route but the sign-in', () => {
    const open = ROUTES.filter((r) => r.path.startsWith('/admin/') && r.auth !== 'admin').map((r) => r.path);
    expect(open).toEqual(['/admin/login']);
  });

  it('has each admin route among the endpoints tested without a session', () => {
    const tested = (r: (typeof ROUTES)[number]) =>
      ADMIN_ENDPOINTS.some(([method, path]) => method === r.method && answers(r.path, path));
    const untested = ROUTES.filter((r) => r.auth === 'admin' && !tested(r)).map((r) => `${r.method} ${r.path}`);
    expect(untested).toEqual([]);
  });

  it('has no two rows for the same method and path', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path.replace(/:\w+/g, ':')}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
