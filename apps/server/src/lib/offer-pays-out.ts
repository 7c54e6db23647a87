import { sql } from 'drizzle-orm';
import { offers } from '../db/schema/offers.ts';

/**
 * Whether an offer is running (db/schema/offers.ts, its status and stoppedReason): approved and not stopped
 * early, or replaced by a new version, which still pays the members who loaded it. A draft, one waiting for
 * approval, a paused one, one ended by staff or stopped when its budget was spent is not. The till pays only
 * a running offer and the member's list shows only those: what a member sees is what the till pays.
 */
export const offerPaysOut = sql`((${offers.status} = 'approved' and ${offers.stoppedReason} is null)
  or (${offers.stoppedReason} = 'replaced' and ${offers.status} in ('approved', 'ended')))`;
