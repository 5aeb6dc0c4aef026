// Every admin endpoint, with a method and example parameters, for the tests that prove each one
// refuses a caller without a genuine, unexpired session: in process (api/admin-access.test.ts) and
// through the running host (tests/e2e/admin-api.spec.ts). A new admin route belongs here too
// (routes.test.ts fails until it is).
export const ADMIN_ENDPOINTS: [method: 'GET' | 'POST', path: string][] = [
  ['POST', '/admin/logout'],
  ['GET', '/admin/dashboard'],
  ['GET', '/admin/analytics'],
  ['GET', '/admin/uploads'],
  ['GET', '/admin/uploads/summary'],
  ['GET', '/admin/shares/AbCd1234'],
  ['POST', '/admin/shares/AbCd1234/takedown'],
  ['GET', '/admin/downloads'],
  ['GET', '/admin/storage'],
  ['GET', '/admin/system'],
  ['GET', '/admin/system/logs'],
  ['GET', '/admin/visitors'],
  ['GET', '/admin/reports'],
  ['POST', '/admin/reports/00000000-0000-4000-8000-000000000000/dismiss'],
  ['GET', '/admin/notifications'],
  ['GET', '/admin/settings'],
  ['POST', '/admin/settings'],
  ['GET', '/admin/pages'],
  ['POST', '/admin/pages/about/en'],
  // A path that does not exist gets the same answer: no session, nothing learnt.
  ['GET', '/admin/no-such-thing'],
];
