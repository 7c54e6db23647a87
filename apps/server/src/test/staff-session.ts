import { expect } from 'vitest';
import type { StaffRole } from '@app/contracts/staff';
import { STAFF_SESSION_COOKIE } from '../modules/staff/routes.ts';
import { jsWeb, type TestApp } from './build-test-app.ts';

/**
 * A console session through the tester tool (POST /dev/staff-session): the member of staff with this email (a
 * demo one), made with `role` when missing. Answers the session cookie, to pass as `cookies` to inject.
 */
export async function staffSession(t: TestApp, email: string, role?: StaffRole) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/dev/staff-session',
    headers: jsWeb,
    payload: { email, ...(role ? { role } : {}) },
  });
  expect(response.statusCode, response.body).toBe(204);
  const cookie = response.cookies.find((c) => c.name.endsWith(STAFF_SESSION_COOKIE));
  return { [cookie?.name ?? STAFF_SESSION_COOKIE]: cookie?.value ?? '' };
}
