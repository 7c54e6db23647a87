import type { Database } from '../db/database.ts';
import { loadEnrolledStaff } from '../modules/staff/service.ts';

/**
 * The demo staff (README "Demo accounts"), one of each role, with the demo data only: the same password and
 * authenticator secret for all four, so a tester adds the secret to an authenticator app once.
 */
export const demoStaff = {
  password: 'Console-demo-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  people: [
    { email: 'agent@example.com', name: 'Ava Agent', role: 'agent' },
    { email: 'supervisor@example.com', name: 'Sam Supervisor', role: 'supervisor' },
    { email: 'admin@example.com', name: 'Ada Admin', role: 'admin' },
    { email: 'marketer@example.com', name: 'Mo Marketer', role: 'marketer' },
  ],
} as const;

export const loadDemoStaff = (db: Database) =>
  loadEnrolledStaff(
    db,
    demoStaff.people.map((person) => ({
      ...person,
      password: demoStaff.password,
      totpSecret: demoStaff.totpSecret,
    })),
  );
