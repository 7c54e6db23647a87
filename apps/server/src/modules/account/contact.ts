import { randomBytes } from 'node:crypto';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { accountMessages } from '@app/contracts/account';
import { brand } from '@app/contracts/brand';
import { passwordProblem } from '@app/contracts/password';
import { isValidMobile } from '@app/contracts/mobile-number';
import { mobileCountries } from '@app/contracts/registration';
import { twoFactorMessages, type DeliveryMethod } from '@app/contracts/sign-in';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueCode, maskEmail, maskPhone, verifyCode } from '../../lib/one-time-codes.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { endEverySignIn } from '../../lib/revoke-account.ts';
import { hashOf } from '../../lib/token-hash.ts';
import { notFound, type AccountDeps, type Req } from './deps.ts';
import type { createProfile } from './profile.ts';
import * as repo from './repository.ts';
import { notifyPasswordChanged } from './security.ts';

/** The step-up code for changing email, mobile or the redemption lock (docs/security.md "Baseline"). */
const ACCOUNT_CHANGE_PURPOSE = 'account-change';
/** How long a confirmation link for a new email address works. */
const EMAIL_LINK_HOURS = 24;
/** How long a verified code lets the member turn off the redemption lock in that session. */
export const REAUTH_MINUTES = 10;

/**
 * Sets `password` inside the email change's transaction, under the rules of docs/product/signed-in-pages.md
 * §S5 checked against the member's names and the new address; a password that breaks them undoes the change.
 * Hashed beforehand, so the transaction does not wait for argon2.
 */
async function passwordWithEmailChange(password: string, at: Date) {
  const passwordHash = await hashPassword(password);
  return async (tx: repo.Transaction, member: repo.EmailChangeMember) => {
    const problem = passwordProblem(password, { ...member, email: member.newEmail });
    if (problem) throw new AppError(400, 'PASSWORD_RULES', problem);
    await repo.setPasswordHash(tx, member.collectorId, passwordHash, at);
  };
}

/**
 * Whether `email` can become the member's address: not the one they have (400), nor another account's (409).
 */
export async function checkNewEmail(
  db: AccountDeps['db'],
  member: { collectorId: string; email: string | null },
  email: string,
) {
  if (member.email?.toLowerCase() === email.toLowerCase()) {
    throw new AppError(400, 'EMAIL_SAME', accountMessages.emailSame);
  }
  if (await repo.isEmailTaken(db, email, member.collectorId)) {
    throw new AppError(409, 'EMAIL_TAKEN', accountMessages.emailTaken);
  }
}

/**
 * A change of the member's address to `email`, made only when the link sent to that address is opened (within
 * EMAIL_LINK_HOURS; a new link makes earlier ones useless). `alongside` runs in the transaction that stores
 * it: the careline's audit row when our team asks for the change.
 */
export async function sendEmailChangeLink(
  deps: Pick<AccountDeps, 'db' | 'notify' | 'publicUrl' | 'clock'>,
  member: { collectorId: string; firstName: string | null },
  email: string,
  alongside?: (tx: repo.Transaction) => Promise<unknown>,
) {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const change = {
    tokenHash: hashOf(token),
    collectorId: member.collectorId,
    newEmail: email,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_HOURS * 3_600_000),
  };
  if (!alongside) await repo.insertEmailChange(deps.db, change, now);
  else {
    await deps.db.transaction(async (tx) => {
      await repo.insertEmailChange(tx, change, now);
      await alongside(tx);
    });
  }
  const link = `${deps.publicUrl}/confirm-update-email?token=${token}`;
  await deps.notify.send({
    channel: 'email',
    to: email,
    subject: `Confirm your new ${brand.name} email address`,
    text: `Hello ${member.firstName ?? ''},\n\nTo use this address for your ${brand.name} account, open this link within ${EMAIL_LINK_HOURS} hours:\n${link}\n\nIf you didn't ask for this, ignore this email: nothing changes.`,
  });
}

/**
 * The link of the member's change of email again (the careline's resend), to the address it waits to move to,
 * with a fresh 24 hours; answers that address, or undefined when no change waits and nothing was sent.
 */
export async function resendEmailChangeLink(
  deps: Pick<AccountDeps, 'db' | 'notify' | 'publicUrl' | 'clock'>,
  member: { collectorId: string; firstName: string | null },
  alongside?: (tx: repo.Transaction) => Promise<unknown>,
) {
  const email = await repo.findPendingEmailChange(deps.db, member.collectorId);
  if (email) await sendEmailChangeLink(deps, member, email, alongside);
  return email;
}

/** How the member is reached: the step-up codes, and changing the email address and the mobile number. */
export function createContact(
  deps: AccountDeps,
  { getCustomer }: Pick<ReturnType<typeof createProfile>, 'getCustomer'>,
) {
  const { db } = deps;

  /** Where a code can go: the member's current email and mobile. */
  async function destinations(collectorId: string) {
    const row = await repo.findCustomer(db, collectorId, deps.clock.now());
    if (!row) throw notFound();
    const list: { deliveryMethod: DeliveryMethod; to: string; maskedDestination: string }[] = [];
    if (row.email)
      list.push({ deliveryMethod: 'email', to: row.email, maskedDestination: maskEmail(row.email) });
    if (row.phoneNumber) {
      const to = `${row.phoneCountryCode ?? ''}${row.phoneNumber}`;
      list.push({ deliveryMethod: 'sms', to, maskedDestination: maskPhone(to) });
    }
    return list;
  }

  async function deliveryOptions(collectorId: string) {
    return {
      options: (await destinations(collectorId)).map(({ deliveryMethod, maskedDestination }) => ({
        deliveryMethod,
        maskedDestination,
      })),
    };
  }

  /**
   * POST /2fa/send: 6 digits to the member's current email or mobile, bound to this session (the session's
   * cookie secret is the binding), living 10 minutes; the code lib counts sends and guesses.
   */
  async function sendStepUpCode(collectorId: string, sessionToken: string, deliveryMethod: DeliveryMethod) {
    const destination = (await destinations(collectorId)).find((d) => d.deliveryMethod === deliveryMethod);
    if (!destination) {
      throw new AppError(400, 'NO_CONTACT', accountMessages.noContactForChoice);
    }
    const code = await issueCode(
      db,
      { collectorId, purpose: ACCOUNT_CHANGE_PURPOSE, binding: sessionToken, deliveryMethod },
      deps.clock,
    );
    await deps.notify.send({
      channel: deliveryMethod,
      to: destination.to,
      subject: `Your ${brand.name} security code`,
      text: `Your ${brand.name} security code is ${code}. It lasts 10 minutes. We'll never ask you for it on the phone. If you didn't ask to change your account, change your password.`,
    });
    return {
      deliveryMethod,
      maskedDestination: destination.maskedDestination,
      description: twoFactorMessages.codeSent(destination.maskedDestination),
    };
  }

  /** Spends the step-up code of this session (X-2FA-CODE or POST /2fa/verify); missing → 403. */
  async function spendStepUpCode(collectorId: string, sessionToken: string, code: string | undefined) {
    if (!code || !/^\d{6}$/.test(code)) {
      throw new AppError(403, 'REAUTH_REQUIRED', accountMessages.codeNeeded);
    }
    const row = await verifyCode(db, sessionToken, ACCOUNT_CHANGE_PURPOSE, code, deps.clock);
    if (row.collectorId !== collectorId) {
      throw new AppError(400, 'CODE_INCORRECT', twoFactorMessages.incorrect);
    }
  }

  /**
   * POST /2fa/verify: spends the code, and answers until when this session may turn the redemption lock off
   * (the caller keeps it in the session).
   */
  async function verifyStepUpCode(collectorId: string, sessionToken: string, code: string) {
    await spendStepUpCode(collectorId, sessionToken, code);
    return { reauthUntil: deps.clock.now().getTime() + REAUTH_MINUTES * 60_000 };
  }

  /** PUT /customer/v2/email: with a fresh code, sends a confirmation link to the new address. */
  async function requestEmailChange(
    req: Req,
    collectorId: string,
    sessionToken: string,
    code: string | undefined,
    email: string,
  ) {
    const customer = await getCustomer(collectorId);
    // Before the code is spent, so that the member can try another address with the same code. (Whether an
    // address has an account is no secret worth a code: registration's email check tells it,
    // docs/product/calls-and-errors.md §R8.)
    await checkNewEmail(db, { collectorId, email: customer.email }, email);
    await spendStepUpCode(collectorId, sessionToken, code);
    await sendEmailChangeLink(deps, { collectorId, firstName: customer.firstName }, email);
    await recordAccountEvent(db, req, collectorId, 'email-change-requested');
    return { description: accountMessages.emailLinkSent(email) };
  }

  /**
   * PUT /customer/v3/email, PUT /customer/email and PUT /verify-email {token}: the emailed link moves the
   * address, once; the old address is told, so a change the member did not make does not go unnoticed. With
   * `newPassword` (v3) the password changes in the same step; a password that breaks the rules changes
   * nothing and the link still works, and a new password ends every session of the account, as a reset does.
   */
  async function confirmEmailChange(req: Req, token: string, newPassword?: string) {
    const now = deps.clock.now();
    const setPassword =
      newPassword === undefined ? undefined : await passwordWithEmailChange(newPassword, now);
    let changed: Awaited<ReturnType<typeof repo.consumeEmailChange>>;
    try {
      changed = await repo.consumeEmailChange(db, hashOf(token), now, setPassword);
    } catch (error) {
      // The unique index on lower(email): another account took the address after the link was sent.
      if (
        (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
        (error as { cause?: { code?: string } }).cause?.code === '23505'
      ) {
        throw new AppError(409, 'EMAIL_TAKEN', accountMessages.emailTaken);
      }
      throw error;
    }
    if (!changed) {
      const confirmed = await repo.findConfirmedEmailChange(db, hashOf(token));
      if (confirmed) {
        throw new AppError(
          409,
          'EMAIL_ALREADY_CONFIRMED',
          accountMessages.emailAlreadyConfirmed(maskEmail(confirmed)),
        );
      }
      throw new AppError(400, 'EMAIL_LINK_INVALID', accountMessages.emailLinkInvalid);
    }
    if (changed.oldEmail) {
      await deps.notify.send({
        channel: 'email',
        to: changed.oldEmail,
        subject: `Your ${brand.name} email address has changed`,
        text: `Hello ${changed.firstName ?? ''},\n\nThe email address of your ${brand.name} account was changed to ${maskEmail(changed.newEmail)}. If you didn't do this, call us now and change your password.`,
      });
    }
    await recordAccountEvent(db, req, changed.collectorId, 'email-changed');
    if (setPassword) {
      await endEverySignIn(deps, changed.collectorId);
      await notifyPasswordChanged(deps, changed.newEmail, changed.firstName);
      await recordAccountEvent(db, req, changed.collectorId, 'password-changed');
    }
    return { email: changed.newEmail, description: accountMessages.emailConfirmed };
  }

  async function updateMobile(
    req: Req,
    collectorId: string,
    sessionToken: string,
    code: string | undefined,
    phone: { phoneNumber: string; countryCode: string },
  ) {
    if (!mobileCountries(deps.production).includes(phone.countryCode)) {
      throw new AppError(400, 'INVALID_PHONE', accountMessages.mobileCountry);
    }
    const parsed = parsePhoneNumberFromString(phone.phoneNumber, phone.countryCode as CountryCode);
    if (!parsed || !isValidMobile(phone.phoneNumber, phone.countryCode)) {
      throw new AppError(400, 'INVALID_PHONE', accountMessages.mobileInvalid);
    }
    const before = await getCustomer(collectorId);
    await spendStepUpCode(collectorId, sessionToken, code);
    await repo.updateMobile(
      db,
      collectorId,
      { countryCode: `+${parsed.countryCallingCode}`, number: parsed.nationalNumber },
      deps.clock.now(),
    );
    if (before.email) {
      await deps.notify.send({
        channel: 'email',
        to: before.email,
        subject: `Your ${brand.name} mobile number has changed`,
        text: `Hello ${before.firstName},\n\nThe mobile number of your ${brand.name} account is now ${maskPhone(parsed.number)}. If you didn't do this, call us now and change your password.`,
      });
    }
    await recordAccountEvent(db, req, collectorId, 'mobile-changed');
    return getCustomer(collectorId);
  }

  return {
    deliveryOptions,
    sendStepUpCode,
    verifyStepUpCode,
    requestEmailChange,
    confirmEmailChange,
    updateMobile,
  };
}
