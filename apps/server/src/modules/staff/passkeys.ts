import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import { brand } from '@app/contracts/brand';
import {
  MAX_PASSKEYS,
  PASSKEY_ERROR_CODES,
  type AuthenticationResponse,
  type CreationOptions,
  type RegistrationResponse,
  type RequestOptions,
} from '@app/contracts/passkeys';
import { STAFF_PASSKEY_ADD_MINUTES, staffPasskeyMessages, type StaffPasskey } from '@app/contracts/staff';
import type { Database } from '../../db/database.ts';
import { staffMembers, staffPasskeyChallenges, staffPasskeys } from '../../db/schema/staff.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import * as webAuthn from '../../lib/webauthn.ts';
import type { createStaffIdentity } from './identity.ts';

type Purpose = 'registration' | 'authentication';
type StaffRow = typeof staffMembers.$inferSelect;

export interface StaffPasskeyDeps {
  db: Database;
  clock: Clock;
  /** The console's identity rules: a passkey sign-in is under the account's lockout as the password is. */
  identity: Pick<ReturnType<typeof createStaffIdentity>, 'attemptSignIn'>;
  /** The console's origin (CONSOLE_ORIGIN, else PUBLIC_URL's): the only origin an answer may come from. */
  origin: string;
}

const expired = () => new AppError(400, PASSKEY_ERROR_CODES.expired, staffPasskeyMessages.expired);
const refused = () => new AppError(401, PASSKEY_ERROR_CODES.refused, staffPasskeyMessages.refused);
const notRecognised = () =>
  new AppError(401, PASSKEY_ERROR_CODES.notRecognised, staffPasskeyMessages.notRecognised);
const tooMany = () => new AppError(409, PASSKEY_ERROR_CODES.tooMany, staffPasskeyMessages.tooMany);

const listColumns = {
  id: staffPasskeys.id,
  name: staffPasskeys.name,
  credentialId: staffPasskeys.credentialId,
  transports: staffPasskeys.transports,
  createdAt: staffPasskeys.createdAt,
  lastUsedAt: staffPasskeys.lastUsedAt,
};

const toPasskey = (row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }) =>
  ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }) satisfies StaffPasskey;

/**
 * Passkeys of the staff console (docs/staff-console.md "Signing in"): a member of staff adds them (within
 * STAFF_PASSKEY_ADD_MINUTES of signing in), names, lists and removes their own, and signs in with one instead
 * of the password and code: a discoverable credential with user verification counts as both factors.
 * Challenges live 5 minutes and are taken once; a new passkey's is bound to the member of staff who asked.
 * The relying party is the console's origin. The routes (passkey-routes.ts) start the session and write the
 * audit trail.
 */
export function createStaffPasskeys({ db, clock, identity, origin }: StaffPasskeyDeps) {
  const rpId = new URL(origin).hostname;

  async function newChallenge(challenge: string, purpose: Purpose, staffId: string | null) {
    await db.insert(staffPasskeyChallenges).values({
      challenge,
      purpose,
      staffId,
      expiresAt: new Date(clock.now().getTime() + webAuthn.CHALLENGE_LIFETIME_MS),
    });
  }

  /**
   * Takes the challenge an answer signed, once: deleted in the statement that finds it, so a second answer to
   * it (a replay, or two tabs) finds nothing. Only a live one of `purpose` counts; answers whom it was bound
   * to.
   */
  async function takeChallenge(response: { response: { clientDataJSON: string } }, purpose: Purpose) {
    const challenge = webAuthn.challengeOf(response.response.clientDataJSON);
    if (challenge === undefined) throw expired();
    const [taken] = await db
      .delete(staffPasskeyChallenges)
      .where(
        and(
          eq(staffPasskeyChallenges.challenge, challenge),
          eq(staffPasskeyChallenges.purpose, purpose),
          gt(staffPasskeyChallenges.expiresAt, clock.now()),
        ),
      )
      .returning({ staffId: staffPasskeyChallenges.staffId });
    if (!taken) throw expired();
    return { challenge, staffId: taken.staffId };
  }

  const passkeysOf = (staffId: string) =>
    db
      .select(listColumns)
      .from(staffPasskeys)
      .where(eq(staffPasskeys.staffId, staffId))
      .orderBy(asc(staffPasskeys.createdAt));

  /** A passkey is added soon after a sign-in only, never from a console left open for hours. */
  function requireRecentSignIn(signedInAt: Date) {
    if (clock.now().getTime() - signedInAt.getTime() > STAFF_PASSKEY_ADD_MINUTES * 60_000) {
      throw new AppError(403, 'REAUTH_REQUIRED', staffPasskeyMessages.signInAgain);
    }
  }

  return {
    list: async (staffId: string): Promise<StaffPasskey[]> => (await passkeysOf(staffId)).map(toPasskey),

    /**
     * The options of navigator.credentials.create() for a new passkey of the member of staff signed in at
     * `signedInAt`: shown in the browser by their email and name; their passkeys are excluded.
     */
    async registrationOptions(
      staff: { id: string; email: string; name: string },
      signedInAt: Date,
    ): Promise<CreationOptions> {
      requireRecentSignIn(signedInAt);
      const existing = await passkeysOf(staff.id);
      if (existing.length >= MAX_PASSKEYS) throw tooMany();
      const options = await webAuthn.newPasskeyOptions({
        rpName: `${brand.name} staff console`,
        rpId,
        owner: staff.id,
        userName: staff.email,
        userDisplayName: staff.name,
        exclude: existing,
      });
      await newChallenge(options.challenge, 'registration', staff.id);
      return options as CreationOptions;
    },

    /** Checks the browser's new credential against this member of staff's challenge; keeps its public key. */
    async add(
      staffId: string,
      signedInAt: Date,
      name: string,
      response: RegistrationResponse,
    ): Promise<StaffPasskey> {
      requireRecentSignIn(signedInAt);
      const { challenge, staffId: boundTo } = await takeChallenge(response, 'registration');
      if (boundTo !== staffId) throw expired();
      const info = await webAuthn.verifyNewPasskey({ response, challenge, origin, rpId });
      if (!info) throw new AppError(400, PASSKEY_ERROR_CODES.refused, staffPasskeyMessages.addFailed);
      const [held] = await db
        .select({ n: count() })
        .from(staffPasskeys)
        .where(eq(staffPasskeys.staffId, staffId));
      if ((held?.n ?? 0) >= MAX_PASSKEYS) throw tooMany();
      const [stored] = await db
        .insert(staffPasskeys)
        .values({
          staffId,
          credentialId: info.credentialId,
          publicKey: info.publicKey,
          counter: info.counter,
          transports: info.transports,
          name,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: staffPasskeys.credentialId })
        .returning(listColumns);
      if (!stored) {
        throw new AppError(409, PASSKEY_ERROR_CODES.alreadyAdded, staffPasskeyMessages.alreadyAdded);
      }
      return toPasskey(stored);
    },

    /** Removes one of this member of staff's passkeys: it signs no one in from now on. Answers its name. */
    async remove(staffId: string, id: string) {
      const [removed] = await db
        .delete(staffPasskeys)
        .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffId, staffId)))
        .returning({ id: staffPasskeys.id, name: staffPasskeys.name });
      if (!removed) throw new AppError(404, PASSKEY_ERROR_CODES.notFound, staffPasskeyMessages.notFound);
      return removed;
    },

    /** The options of navigator.credentials.get() for the sign-in page: no email asked, no allow list. */
    async signInOptions(): Promise<RequestOptions> {
      const options = await webAuthn.signInOptions(rpId);
      await newChallenge(options.challenge, 'authentication', null);
      return options as RequestOptions;
    },

    /**
     * A passkey's answer to a sign-in challenge (taken once, within its life): the passkey must be of a
     * member of staff who is not disabled, and not locked out; its signature, origin, RP id, user
     * verification and counter must verify, and a failure counts towards the lockout as a wrong password
     * does. Answers the member of staff it signs in, or the refusal with whom it was for when the passkey was
     * known (for the audit trail).
     */
    async signIn(
      response: AuthenticationResponse,
    ): Promise<{ staff: StaffRow } | { refusal: AppError; staff?: StaffRow }> {
      let staff: StaffRow | undefined;
      try {
        const { challenge } = await takeChallenge(response, 'authentication');
        const [found] = await db
          .select({ passkey: staffPasskeys, staff: staffMembers })
          .from(staffPasskeys)
          .innerJoin(staffMembers, eq(staffMembers.id, staffPasskeys.staffId))
          .where(and(eq(staffPasskeys.credentialId, response.id), isNull(staffMembers.disabledAt)))
          .limit(1);
        if (!found) throw notRecognised();
        staff = found.staff;
        const { passkey } = found;
        await identity.attemptSignIn(
          found.staff,
          async () => {
            const verified = await webAuthn.verifyPasskeyAnswer({
              response,
              challenge,
              origin,
              rpId,
              owner: passkey.staffId,
              passkey,
            });
            if (!verified) return undefined;
            // Two sign-ins that present one counter race for this row: only one wins; the other failed.
            const counted = await db
              .update(staffPasskeys)
              .set({ counter: verified.newCounter, lastUsedAt: clock.now() })
              .where(
                and(
                  eq(staffPasskeys.id, passkey.id),
                  webAuthn.counterMoves(staffPasskeys.counter, verified.newCounter),
                ),
              )
              .returning({ id: staffPasskeys.id });
            return counted.length > 0 ? {} : undefined;
          },
          refused,
        );
        return { staff: found.staff };
      } catch (error) {
        if (error instanceof AppError) return { refusal: error, ...(staff ? { staff } : {}) };
        throw error;
      }
    },
  };
}
