import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@app/contracts/staff';
import type { Database } from '../db/database.ts';
import type { CommandOutput } from './with-database.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { inviteFromCommandLine } from '../modules/staff/service.ts';

export const STAFF_USAGE = `Usage: npm run staff -- invite --email <email> --name "<name>" --role agent|supervisor|admin
  prints the invitation's link (72 hours, once): the first admin starts here; later ones an admin invites`;

const isRole = (role: string | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** The operator's staff command (docs/staff-console.md "Signing in"): answers the exit code. */
export async function runStaffCommand(
  argv: string[],
  deps: { db: Database; clock: Clock; publicUrl: string },
  out: CommandOutput,
) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const { email, name, role } = values;
  if (positionals[0] !== 'invite' || !email?.includes('@') || !name || !isRole(role)) {
    out.error(STAFF_USAGE);
    return 2;
  }
  let link: string;
  try {
    link = await inviteFromCommandLine(deps, { email, name, role });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    out.error(error.description);
    return 1;
  }
  out.log(`Invited ${email.toLowerCase()} as ${role}. Send them this link (it works once, for 72 hours):`);
  out.log(link);
  return 0;
}
