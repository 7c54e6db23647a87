import { eq } from 'drizzle-orm';
import { staffMessages } from '@app/contracts/staff';
import type { Database } from '../../db/database.ts';
import { collectors } from '../../db/schema/core.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

export const memberNotFound = () => new AppError(404, 'MEMBER_NOT_FOUND', staffMessages.memberNotFound);

/** A member's name as the console shows it: title, first and last name, those they have. */
export const fullName = (member: {
  title: string | null;
  firstName: string | null;
  lastName: string | null;
}) => [member.title, member.firstName, member.lastName].filter(Boolean).join(' ');

/**
 * The careline check before a member's details are shown or changed (docs/staff-console.md "The member on one
 * screen"): 404 when there is no such member; 409 CALLER_CHECK_REQUIRED, with the member's name for the
 * console's check, until this member of staff has checked the caller since they signed in. Answers the member
 * as the careline's actions need them.
 */
export async function requireCallerCheck(
  db: Database,
  staff: { id: string; signedInAt: Date },
  memberId: string,
) {
  const [member] = await db
    .select({
      title: collectors.title,
      firstName: collectors.firstName,
      lastName: collectors.lastName,
      email: collectors.email,
      status: collectors.status,
    })
    .from(collectors)
    .where(eq(collectors.id, memberId));
  if (!member) throw memberNotFound();
  if (!(await repo.hasCallerCheck(db, staff.id, memberId, staff.signedInAt))) {
    throw new AppError(409, 'CALLER_CHECK_REQUIRED', staffMessages.callerCheckRequired, {
      name: fullName(member),
    });
  }
  return { ...member, id: memberId, name: fullName(member) };
}
