import { z } from 'zod';
import type { StaffRole } from '@app/contracts/staff';
import { callApi } from './api.ts';

/** POST /staff-api/invites's 201: the invitation's link (also sent to the person by email) and their id. */
export const invitedSchema = z.object({ link: z.string(), staffId: z.string() });
export type Invited = z.infer<typeof invitedSchema>;

/** An admin's invitation of a member of staff (docs/staff-console.md "The console"), answer parsed. */
export const inviteStaff = (body: { email: string; name: string; role: StaffRole }) =>
  callApi('POST', '/staff-api/invites', invitedSchema, body);
