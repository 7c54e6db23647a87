import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { brand } from '@app/contracts/brand';
import {
  STAFF_INVITE_HOURS,
  STAFF_LOCKOUT_MINUTES,
  STAFF_MAX_FAILED_SIGN_INS,
  STAFF_RECOVERY_CODES,
  STAFF_SESSION_HOURS,
  STAFF_SESSION_IDLE_MINUTES,
  staffMessages,
  type StaffRole,
} from '@app/contracts/staff';
import type { Database } from '../../db/database.ts';
import type { staffMembers } from '../../db/schema/staff.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword, verifyAgainstNoAccount, verifyPassword } from '../../lib/passwords.ts';
import { hashOf } from '../../lib/token-hash.ts';
import * as repo from './repository.ts';

const TOTP_PERIOD_SECONDS = 30;

/** The authenticator app's 6 digits for `secret` at `at`: what a phone shows, and what tests type. */
export const totpFor = (secret: string, label = 'staff') =>
  new TOTP({
    issuer: `${brand.name} console`,
    label,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });

const newToken = () => randomBytes(32).toString('base64url');
const newRecoveryCode = () => {
  const raw = randomBytes(8).toString('hex');
  return `${raw.slice(0, 8)}-${raw.slice(8)}`;
};

const signInFailed = () => new AppError(401, 'STAFF_SIGN_IN_FAILED', staffMessages.signInFailed);
const inviteInvalid = () => new AppError(400, 'INVITE_INVALID', staffMessages.inviteInvalid);

export interface StaffIdentityDeps {
  db: Database;
  clock: Clock;
}

/**
 * Who a member of staff is (docs/staff-console.md "Signing in"): no self-registration; an admin, or the first
 * admin's command, invites by email; the invite's link sets a password and enrols an authenticator app; a
 * sign-in takes the password and the app's current code (accepted once) or a one-time recovery code. Five
 * wrong sign-ins in a row lock the account for 15 minutes.
 */
export function createStaffIdentity({ db, clock }: StaffIdentityDeps) {
  /** A new member of staff with an invitation: the token for the link (shown once; only its hash is kept). */
  async function invite(email: string, name: string, role: StaffRole, invitedBy: string | null) {
    const staff = await repo.insertStaff(db, { email, name, role, invitedBy });
    if (!staff) throw new AppError(409, 'STAFF_EXISTS', staffMessages.staffExists);
    const token = newToken();
    const now = clock.now();
    await repo.insertInvite(db, {
      tokenHash: hashOf(token),
      staffId: staff.id,
      expiresAt: new Date(now.getTime() + STAFF_INVITE_HOURS * 3_600_000),
      createdAt: now,
    });
    return { staff, token };
  }

  async function liveInvite(token: string) {
    const found = await repo.findLiveInvite(db, hashOf(token), clock.now());
    if (!found) throw inviteInvalid();
    return found;
  }

  /**
   * One sign-in attempt of `staff` under the account's lockout, whatever proves it (the password and code, or
   * a passkey): refused while the account is locked; `prove` answers what to write on success, or undefined
   * when the proof fails, which counts, and the fifth failure in a row locks the account for 15 minutes. A
   * success clears the count and is the last sign-in.
   */
  async function attemptSignIn<Proof extends Partial<typeof staffMembers.$inferInsert>>(
    staff: typeof staffMembers.$inferSelect,
    prove: () => Promise<Proof | undefined>,
    refused: () => AppError,
  ): Promise<Proof> {
    const now = clock.now();
    if (staff.lockedUntil && staff.lockedUntil > now) {
      const minutes = Math.ceil((staff.lockedUntil.getTime() - now.getTime()) / 60_000);
      throw new AppError(403, 'STAFF_LOCKED', staffMessages.lockedOut(minutes));
    }
    const proof = await prove();
    if (proof === undefined) {
      const failures = staff.failedAttempts + 1;
      const locks = failures >= STAFF_MAX_FAILED_SIGN_INS;
      await repo.updateStaff(db, staff.id, {
        failedAttempts: locks ? 0 : failures,
        lockedUntil: locks ? new Date(now.getTime() + STAFF_LOCKOUT_MINUTES * 60_000) : staff.lockedUntil,
      });
      if (locks) throw new AppError(403, 'STAFF_LOCKED', staffMessages.lockedOut(STAFF_LOCKOUT_MINUTES));
      throw refused();
    }
    await repo.updateStaff(db, staff.id, {
      ...proof,
      failedAttempts: 0,
      lockedUntil: null,
      lastSignInAt: now,
    });
    return proof;
  }

  return {
    invite,

    /** Who an invitation is for, while it can be taken. */
    async describeInvite(token: string) {
      const { staff } = await liveInvite(token);
      return { email: staff.email, name: staff.name, role: staff.role };
    },

    /**
     * The invitation's first step: the password, and a new authenticator secret (shown once, as text and as
     * the otpauth:// address a QR code carries). The account signs in only once a code confirms it.
     */
    async choosePassword(token: string, password: string) {
      const { staff } = await liveInvite(token);
      const secret = new Secret({ size: 20 }).base32;
      await repo.updateStaff(db, staff.id, {
        passwordHash: await hashPassword(password),
        totpSecret: secret,
        totpLastStep: null,
      });
      return {
        email: staff.email,
        name: staff.name,
        role: staff.role,
        totpSecret: secret,
        totpUri: totpFor(secret, staff.email).toString(),
      };
    },

    /** The invitation's last step: the app's code proves it was set up; the answer is the recovery codes. */
    async confirmAuthenticator(token: string, code: string) {
      const { staff } = await liveInvite(token);
      if (!staff.totpSecret || !staff.passwordHash) throw inviteInvalid();
      const step = acceptedStep(staff.totpSecret, code, null);
      if (step === undefined) throw new AppError(400, 'TOTP_CODE_WRONG', staffMessages.codeWrong);
      const recoveryCodes = Array.from({ length: STAFF_RECOVERY_CODES }, newRecoveryCode);
      await db.transaction(async (tx) => {
        await repo.updateStaff(tx, staff.id, {
          totpLastStep: step,
          recoveryCodes: recoveryCodes.map(hashOf),
        });
        await repo.markInviteUsed(tx, hashOf(token), clock.now());
      });
      return { staff, recoveryCodes };
    },

    /**
     * The password and the app's code (or a recovery code, used up): the member of staff, or one answer for
     * every failure so nothing tells which part was wrong or whether the email exists.
     */
    async signIn(email: string, password: string, code: string) {
      const staff = await repo.findStaffByEmail(db, email);
      if (!staff || !staff.passwordHash || staff.totpLastStep === null || staff.disabledAt) {
        await verifyAgainstNoAccount(password);
        throw signInFailed();
      }
      const proof = await attemptSignIn(
        staff,
        async () => {
          if (!(await verifyPassword(staff.passwordHash ?? '', password))) return undefined;
          const step = acceptedStep(staff.totpSecret ?? '', code, staff.totpLastStep);
          if (step !== undefined) return { totpLastStep: step };
          const recovery = hashOf(code.trim().toLowerCase());
          if (!staff.recoveryCodes.includes(recovery)) return undefined;
          return { recoveryCodes: staff.recoveryCodes.filter((hash) => hash !== recovery) };
        },
        signInFailed,
      );
      return { staff, usedRecoveryCode: 'recoveryCodes' in proof };
    },

    attemptSignIn,

    /** A console session: the token for the console's cookie (only its hash is kept). */
    async startSession(staffId: string) {
      const token = newToken();
      const now = clock.now();
      await repo.insertSession(db, {
        idHash: hashOf(token),
        staffId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000),
      });
      return token;
    },

    /** The member of staff a live session names (seen now), else undefined. */
    async sessionOf(token: string | undefined) {
      if (!token) return undefined;
      const now = clock.now();
      const idleSince = new Date(now.getTime() - STAFF_SESSION_IDLE_MINUTES * 60_000);
      return repo.touchSession(db, hashOf(token), now, idleSince);
    },

    endSession: (token: string) => repo.deleteSession(db, hashOf(token)),

    /** A member of staff by email (the tester tool's sign-in). */
    findByEmail: (email: string) => repo.findStaffByEmail(db, email),

    /** The tester tool's member of staff: the one with `email`, made with `role` (no password) when missing. */
    async testerStaff(email: string, role?: StaffRole) {
      const found = await repo.findStaffByEmail(db, email);
      if (found || !role) return found;
      await repo.insertStaff(db, { email, name: `Tester ${role}`, role });
      return repo.findStaffByEmail(db, email);
    },
  };

  /** The time step a code is right for (the current one, or one either side), if it is later than `after`. */
  function acceptedStep(secret: string, code: string, after: number | null): number | undefined {
    if (!/^\d{6}$/.test(code.trim())) return undefined;
    const timestamp = clock.now().getTime();
    const delta = totpFor(secret).validate({ token: code.trim(), timestamp, window: 1 });
    if (delta === null) return undefined;
    const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
    return after !== null && step <= after ? undefined : step;
  }
}
