import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import {
  accountMessages,
  describeDevice,
  type AccountEvent,
  type AccountEventType,
  type AccountSession,
  type CpmPreferences,
  type Customer,
  type NectarPreferences,
  type UpdateName,
  ACCOUNT_EVENT_TYPES,
} from '@app/contracts/account';
import { brand } from '@app/contracts/brand';
import { passwordProblem } from '@app/contracts/password';
import { isValidMobile, mobileCountries, type Address } from '@app/contracts/registration';
import type { DeliveryMethod } from '@app/contracts/sign-in';
import { twoFactorMessages } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueCode, maskEmail, maskPhone, verifyCode } from '../../lib/one-time-codes.ts';
import { hashOf } from '../../lib/token-hash.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { isRedemptionLocked, setRedemptionLock } from '../../lib/redemption-lock.ts';
import type { Notifier } from '../../plugins/notify.ts';
import { revokeProviderSessions, revokeProviderSignIn } from '../../lib/revoke-account.ts';
import { removeAllPasskeys } from '../passkeys/service.ts';
import { isKnownAddress, type AddressProvider } from '../../lib/address-book.ts';
import type { SessionStore } from '../../plugins/session-store.ts';
import { verifyCredentials } from '../session-api/service.ts';
import { recordAccountEvent } from '../../lib/account-log.ts';

/** The member's security log, which other modules write too (passkeys, issue 33), through this public file. */
import * as repo from './repository.ts';

export interface AccountDeps {
  db: Database;
  notify: Notifier;
  sessions: SessionStore;
  addresses: AddressProvider;
  publicUrl: string;
  production: boolean;
  /** Signs unsubscribe links and collector hashes (a server secret shared by every instance). */
  linkKey: string;
  now: () => Date;
}

type Req = Pick<FastifyRequest, 'ip' | 'headers'>;

/** The step-up code for changing email, mobile or the redemption lock (DESIGN.md 5 "Re-authentication"). */
export const ACCOUNT_CHANGE_PURPOSE = 'account-change';
/** How long a confirmation link for a new email address works. */
const EMAIL_LINK_HOURS = 24;
/** How long a verified code lets the member turn off the redemption lock in that session. */
export const REAUTH_MINUTES = 10;

const notFound = () => new AppError(401, 'UNAUTHENTICATED', 'Please log in to continue.');

/* ---------- customer ---------- */

export async function getCustomer(deps: Pick<AccountDeps, 'db'>, collectorId: string): Promise<Customer> {
  const row = await repo.findCustomer(deps.db, collectorId);
  if (!row) throw notFound();
  const mobile =
    row.phoneNumber && row.phoneCountryCode
      ? {
          countryCode: row.phoneCountryCode,
          phoneNumber: row.phoneNumber,
          masked: maskPhone(`${row.phoneCountryCode}${row.phoneNumber}`),
        }
      : null;
  return {
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    title: row.title,
    email: row.email,
    cardNumber: row.cardNumber,
    externalHandle: row.cardNumber ? `c-${row.cardNumber.slice(-6)}` : `c-${row.id.slice(0, 8)}`,
    dateOfBirth: row.dateOfBirth,
    mobile,
    address: row.address ?? null,
    pendingEmail: row.pendingEmail,
  };
}

export async function updateName(deps: AccountDeps, req: Req, collectorId: string, name: UpdateName) {
  await repo.updateName(deps.db, collectorId, name);
  await recordAccountEvent(deps.db, req, collectorId, 'name-changed');
  return getCustomer(deps, collectorId);
}

export async function lookupAddresses(deps: AccountDeps, building: string, postcode: string) {
  const addresses = await deps.addresses.find(postcode, building);
  if (addresses.length === 0) {
    throw new AppError(
      404,
      'NO_ADDRESSES',
      'No addresses were found - Please check your details and try again.',
    );
  }
  return { addresses };
}

/** Only an address the lookup gives can be stored, as in registration. */
export async function updateAddress(deps: AccountDeps, req: Req, collectorId: string, address: Address) {
  if (!(await isKnownAddress(deps.addresses, address))) {
    throw new AppError(400, 'ADDRESS_NOT_FOUND', accountMessages.addressNotFound);
  }
  await repo.replaceAddress(deps.db, collectorId, address);
  await recordAccountEvent(deps.db, req, collectorId, 'address-changed');
  return getCustomer(deps, collectorId);
}

/* ---------- step-up codes ---------- */

/** Where a code can go: the member's current email and mobile. */
async function destinations(deps: AccountDeps, collectorId: string) {
  const row = await repo.findCustomer(deps.db, collectorId);
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

export async function deliveryOptions(deps: AccountDeps, collectorId: string) {
  return {
    options: (await destinations(deps, collectorId)).map(({ deliveryMethod, maskedDestination }) => ({
      deliveryMethod,
      maskedDestination,
    })),
  };
}

/**
 * POST /2fa/send: 6 digits to the member's current email or mobile, bound to this session (the session's
 * cookie secret is the binding), living 10 minutes; the code lib counts sends and guesses.
 */
export async function sendStepUpCode(
  deps: AccountDeps,
  collectorId: string,
  sessionToken: string,
  deliveryMethod: DeliveryMethod,
) {
  const destination = (await destinations(deps, collectorId)).find(
    (d) => d.deliveryMethod === deliveryMethod,
  );
  if (!destination) {
    throw new AppError(400, 'NO_CONTACT', 'We have no contact details for that choice. Choose another.');
  }
  const code = await issueCode(deps.db, {
    collectorId,
    purpose: ACCOUNT_CHANGE_PURPOSE,
    binding: sessionToken,
    deliveryMethod,
  });
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
export async function spendStepUpCode(
  deps: AccountDeps,
  collectorId: string,
  sessionToken: string,
  code: string | undefined,
) {
  if (!code || !/^\d{6}$/.test(code)) throw new AppError(403, 'REAUTH_REQUIRED', accountMessages.codeNeeded);
  const row = await verifyCode(deps.db, sessionToken, ACCOUNT_CHANGE_PURPOSE, code);
  if (row.collectorId !== collectorId) throw new AppError(400, 'CODE_INCORRECT', twoFactorMessages.incorrect);
}

/* ---------- email ---------- */

/** PUT /customer/v2/email: with a fresh code, sends a confirmation link to the new address. */
export async function requestEmailChange(
  deps: AccountDeps,
  req: Req,
  collectorId: string,
  sessionToken: string,
  code: string | undefined,
  email: string,
) {
  const customer = await getCustomer(deps, collectorId);
  if (customer.email?.toLowerCase() === email.toLowerCase()) {
    throw new AppError(400, 'EMAIL_SAME', accountMessages.emailSame);
  }
  // Before the code is spent, so that the member can try another address with the same code. (Whether an
  // address has an account is no secret worth a code: registration's email check tells it, spec 8.)
  if (await repo.isEmailTaken(deps.db, email, collectorId)) {
    throw new AppError(409, 'EMAIL_TAKEN', accountMessages.emailTaken);
  }
  await spendStepUpCode(deps, collectorId, sessionToken, code);
  const token = randomBytes(32).toString('base64url');
  await repo.insertEmailChange(deps.db, {
    tokenHash: hashOf(token),
    collectorId,
    newEmail: email,
    expiresAt: new Date(deps.now().getTime() + EMAIL_LINK_HOURS * 3_600_000),
  });
  const link = `${deps.publicUrl}/confirm-update-email?token=${token}`;
  await deps.notify.send({
    channel: 'email',
    to: email,
    subject: `Confirm your new ${brand.name} email address`,
    text: `Hello ${customer.firstName},\n\nTo use this address for your ${brand.name} account, open this link within ${EMAIL_LINK_HOURS} hours:\n${link}\n\nIf you didn't ask for this, ignore this email: nothing changes.`,
  });
  await recordAccountEvent(deps.db, req, collectorId, 'email-change-requested');
  return { description: accountMessages.emailLinkSent(email) };
}

/**
 * Sets `password` inside the email change's transaction, under the rules of spec 5 checked against the
 * member's names and the new address; a password that breaks them undoes the change. Hashed beforehand, so the
 * transaction does not wait for argon2.
 */
async function passwordWithEmailChange(password: string) {
  const passwordHash = await hashPassword(password);
  return async (tx: repo.Transaction, member: repo.EmailChangeMember) => {
    const problem = passwordProblem(password, { ...member, email: member.newEmail });
    if (problem) throw new AppError(400, 'PASSWORD_RULES', problem);
    await repo.setPasswordHash(tx, member.collectorId, passwordHash);
  };
}

/**
 * PUT /customer/v3/email, PUT /customer/email and PUT /verify-email {token}: the emailed link moves the address,
 * once; the old address is told, so a change the member did not make does not go unnoticed. With `newPassword`
 * (v3) the password changes in the same step; a password that breaks the rules changes nothing and the link
 * still works, and a new password ends every session of the account, as a reset does.
 */
export async function confirmEmailChange(deps: AccountDeps, req: Req, token: string, newPassword?: string) {
  const setPassword = newPassword === undefined ? undefined : await passwordWithEmailChange(newPassword);
  let changed: Awaited<ReturnType<typeof repo.consumeEmailChange>>;
  try {
    changed = await repo.consumeEmailChange(deps.db, hashOf(token), deps.now(), setPassword);
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
    const confirmed = await repo.findConfirmedEmailChange(deps.db, hashOf(token));
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
  await recordAccountEvent(deps.db, req, changed.collectorId, 'email-changed');
  if (setPassword) {
    await deps.sessions.destroyAllFor(changed.collectorId);
    await revokeProviderSessions(deps.db, changed.collectorId);
    await notifyPasswordChanged(deps, changed.newEmail, changed.firstName);
    await recordAccountEvent(deps.db, req, changed.collectorId, 'password-changed');
  }
  return { email: changed.newEmail, description: accountMessages.emailConfirmed };
}

/* ---------- mobile ---------- */

export async function updateMobile(
  deps: AccountDeps,
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
  const before = await getCustomer(deps, collectorId);
  await spendStepUpCode(deps, collectorId, sessionToken, code);
  await repo.updateMobile(deps.db, collectorId, `+${parsed.countryCallingCode}`, parsed.nationalNumber);
  if (before.email) {
    await deps.notify.send({
      channel: 'email',
      to: before.email,
      subject: `Your ${brand.name} mobile number has changed`,
      text: `Hello ${before.firstName},\n\nThe mobile number of your ${brand.name} account is now ${maskPhone(parsed.number)}. If you didn't do this, call us now and change your password.`,
    });
  }
  await recordAccountEvent(deps.db, req, collectorId, 'mobile-changed');
  return getCustomer(deps, collectorId);
}

/* ---------- password ---------- */

/** The member's current password, with the sign-in lockout counting wrong ones; 400 when it is wrong. */
async function checkCurrentPassword(deps: AccountDeps, collectorId: string, password: string) {
  const customer = await repo.findCustomer(deps.db, collectorId);
  if (!customer?.cardNumber) throw notFound();
  try {
    await verifyCredentials(deps.db, { cardNumber: customer.cardNumber }, password, deps.now());
  } catch (error) {
    // A wrong password must not read as "signed out" (401) to the browser.
    if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
      throw new AppError(400, 'CURRENT_PASSWORD_WRONG', accountMessages.currentPasswordWrong);
    }
    throw error;
  }
  return customer;
}

/**
 * PUT /credentials/password: the current password, then the spec's rules (5) on the new one; every session
 * and provider grant of the member ends (the caller starts a fresh session for this browser).
 */
export async function changePassword(
  deps: AccountDeps,
  req: Req,
  collectorId: string,
  currentPassword: string,
  newPassword: string,
  /** Starts this browser's new session once every old one has ended. */
  startSession: () => Promise<{ createdAt: Date }>,
) {
  const customer = await checkCurrentPassword(deps, collectorId, currentPassword);
  const problem = passwordProblem(newPassword, customer);
  if (problem) throw new AppError(400, 'PASSWORD_RULES', problem);
  if (newPassword === currentPassword) throw new AppError(400, 'PASSWORD_SAME', accountMessages.samePassword);
  await repo.setPasswordHash(deps.db, collectorId, await hashPassword(newPassword));
  await deps.sessions.destroyAllFor(collectorId);
  await revokeProviderSessions(deps.db, collectorId);
  const session = await startSession();
  if (customer.email) await notifyPasswordChanged(deps, customer.email, customer.firstName);
  await recordAccountEvent(deps.db, req, collectorId, 'password-changed', {
    sessionCreatedAt: session.createdAt.toISOString(),
  });
}

const notifyPasswordChanged = (deps: AccountDeps, email: string, firstName: string | null | undefined) =>
  deps.notify.send({
    channel: 'email',
    to: email,
    subject: `Your ${brand.name} password has changed`,
    text: `Hello ${firstName ?? ''},\n\nThe password of your ${brand.name} account was changed and every other device was logged out. If you didn't do this, reset your password now: ${deps.publicUrl}/pending-reset-password`,
  });

/**
 * "Log out of other devices": every web session ends, and so does every sign-in the identity provider keeps
 * for the member (its sessions, grants and refresh tokens, as a password change ends them), so no other
 * browser or app is signed straight back in without the password (issue 28, point 2). This browser gets a
 * fresh web session.
 */
export async function signOutOthers(
  deps: AccountDeps,
  req: Req,
  collectorId: string,
  startSession: () => Promise<{ createdAt: Date }>,
) {
  await deps.sessions.destroyAllFor(collectorId);
  await revokeProviderSessions(deps.db, collectorId);
  const session = await startSession();
  await recordAccountEvent(deps.db, req, collectorId, 'signed-out-elsewhere', {
    sessionCreatedAt: session.createdAt.toISOString(),
  });
}

/* ---------- contact preferences, advertising, unsubscribe ---------- */

/** The wording version of the preference pages; a consent record names the one the member saw. */
export const PREFERENCES_WORDING = '2026-11';

export async function getNectarPreferences(
  deps: AccountDeps,
  collectorId: string,
): Promise<NectarPreferences> {
  const row = await repo.findPreferences(deps.db, collectorId);
  return {
    contactByEmail: row?.byEmail ?? false,
    contactBySMS: row?.bySms ?? false,
    contactByPost: row?.byPost ?? false,
    contactByPhone: row?.byPhone ?? false,
  };
}

export async function saveNectarPreferences(
  deps: AccountDeps,
  req: Req,
  collectorId: string,
  input: NectarPreferences,
) {
  await repo.savePreferences(deps.db, collectorId, {
    byEmail: input.contactByEmail,
    bySms: input.contactBySMS,
    byPost: input.contactByPost,
    byPhone: input.contactByPhone,
  });
  const chosen = Object.entries(input)
    .map(([channel, on]) => `${channel}:${on ? 'yes' : 'no'}`)
    .join(',');
  await repo.recordConsent(deps.db, collectorId, `marketing ${chosen}`, PREFERENCES_WORDING);
  await recordAccountEvent(deps.db, req, collectorId, 'contact-preferences-changed');
  return getNectarPreferences(deps, collectorId);
}

export async function getCpmPreferences(deps: AccountDeps, collectorId: string): Promise<CpmPreferences> {
  const row = await repo.findPreferences(deps.db, collectorId);
  return { contactPreferences: [{ channel: 'ONLINEAD', consent: row?.onlineAdvertising ?? true }] };
}

export async function saveCpmPreferences(
  deps: AccountDeps,
  req: Req,
  collectorId: string,
  input: CpmPreferences,
) {
  const online = input.contactPreferences.find((p) => p.channel === 'ONLINEAD');
  if (online) {
    await repo.savePreferences(deps.db, collectorId, { onlineAdvertising: online.consent });
    await repo.recordConsent(
      deps.db,
      collectorId,
      `online-advertising:${online.consent ? 'yes' : 'no'}`,
      PREFERENCES_WORDING,
    );
    await recordAccountEvent(deps.db, req, collectorId, 'advertising-preference-changed');
  }
  return getCpmPreferences(deps, collectorId);
}

const sign = (key: string, value: string) => createHmac('sha256', key).update(value).digest('base64url');

/** The token of a one-click unsubscribe link: the collector id and its signature (no expiry, RFC 8058). */
export const unsubscribeToken = (deps: Pick<AccountDeps, 'linkKey'>, collectorId: string) =>
  `${collectorId}.${sign(deps.linkKey, `unsubscribe:${collectorId}`)}`;

/** The link every marketing email carries (issue 12); see marketingEmail. */
export const unsubscribeLink = (deps: Pick<AccountDeps, 'linkKey' | 'publicUrl'>, collectorId: string) =>
  `${deps.publicUrl}/emails/unsubscribe?token=${unsubscribeToken(deps, collectorId)}`;

/** A marketing email's text with its one-click unsubscribe footer: marketing emails are built only here. */
export function marketingEmail(
  deps: Pick<AccountDeps, 'linkKey' | 'publicUrl'>,
  collectorId: string,
  body: string,
) {
  return `${body}\n\nDon't want these emails? Unsubscribe in one click: ${unsubscribeLink(deps, collectorId)}`;
}

function collectorOfToken(deps: AccountDeps, token: string): string {
  const [collectorId = '', signature = ''] = token.split('.');
  const expected = sign(deps.linkKey, `unsubscribe:${collectorId}`);
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AppError(400, 'UNSUBSCRIBE_LINK_INVALID', accountMessages.unsubscribeInvalid);
  }
  return collectorId;
}

/**
 * POST /unsubscribe/request {token}: which address the link is for (masked), and whether marketing email is
 * still on, so the page says 'already unsubscribed' on arrival instead of offering the button again. Reads only.
 */
export async function unsubscribeRequest(deps: AccountDeps, token: string) {
  const collectorId = collectorOfToken(deps, token);
  const customer = await repo.findCustomer(deps.db, collectorId);
  if (!customer?.email)
    throw new AppError(400, 'UNSUBSCRIBE_LINK_INVALID', accountMessages.unsubscribeInvalid);
  const preferences = await repo.findPreferences(deps.db, collectorId);
  return {
    email: customer.email,
    maskedEmail: maskEmail(customer.email),
    subscribed: preferences?.byEmail ?? false,
  };
}

/** POST /unsubscribe/update {email, token}: marketing by email off, for the address the link was sent to. */
export async function unsubscribeUpdate(deps: AccountDeps, req: Req, email: string, token: string) {
  const collectorId = collectorOfToken(deps, token);
  const customer = await repo.findCustomer(deps.db, collectorId);
  if (!customer?.email || customer.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError(
      400,
      'UNSUBSCRIBE_EMAIL_MISMATCH',
      'That is not the email address this link was sent to.',
    );
  }
  await repo.savePreferences(deps.db, collectorId, { byEmail: false });
  await repo.recordConsent(deps.db, collectorId, 'marketing contactByEmail:no', PREFERENCES_WORDING);
  await recordAccountEvent(deps.db, req, collectorId, 'unsubscribed');
  return { description: accountMessages.unsubscribed };
}

/* ---------- redemption lock ---------- */

export async function getRedemptionStatus(deps: AccountDeps, collectorId: string) {
  return { status: (await isRedemptionLocked(deps.db, collectorId)) ? 'LOCKED' : 'UNLOCKED' } as const;
}

/** Turning the lock on is always allowed; turning it off needs a re-authentication (the caller checks it). */
export async function setRedemptionStatus(
  deps: AccountDeps,
  req: Req,
  collectorId: string,
  status: 'LOCKED' | 'UNLOCKED',
) {
  await setRedemptionLock(deps.db, collectorId, status === 'LOCKED');
  await recordAccountEvent(deps.db, req, collectorId, 'redemption-lock-changed', { status });
  return { status };
}

/* ---------- close ---------- */

/**
 * Closes the account: the password first; then every web session, provider grant and passkey ends, personal
 * data is anonymised, the card numbers stay taken and the ledger and consent records stay. A closed card cannot sign
 * in (sign-in looks for active collectors only).
 */
export async function closeAccount(deps: AccountDeps, req: Req, collectorId: string, password: string) {
  const customer = await checkCurrentPassword(deps, collectorId, password);
  await recordAccountEvent(deps.db, req, collectorId, 'account-closed');
  await repo.anonymiseCollector(deps.db, collectorId, deps.now());
  await deps.sessions.destroyAllFor(collectorId);
  await revokeProviderSessions(deps.db, collectorId);
  // A closed account signs in no more: its passkeys go too (issue 33; a password reset keeps them).
  await removeAllPasskeys(deps.db, collectorId);
  if (customer.email) {
    await deps.notify.send({
      channel: 'email',
      to: customer.email,
      subject: `Your ${brand.name} account is closed`,
      text: `Hello ${customer.firstName ?? ''},\n\nYour ${brand.name} account is now closed and your personal details have been removed. Thank you for being a member.`,
    });
  }
}

/* ---------- missing information, collector hash ---------- */

export async function missingInformation(deps: AccountDeps, collectorId: string) {
  const customer = await getCustomer(deps, collectorId);
  const missing: ('dateOfBirth' | 'mobile' | 'address')[] = [];
  if (!customer.dateOfBirth) missing.push('dateOfBirth');
  if (!customer.mobile) missing.push('mobile');
  if (!customer.address) missing.push('address');
  return { missing };
}

/** POST /missing-information: fills a date of birth we do not hold; one already held is never overwritten. */
export async function addMissingInformation(
  deps: AccountDeps,
  req: Req,
  collectorId: string,
  input: { dateOfBirth: string },
) {
  const customer = await getCustomer(deps, collectorId);
  if (customer.dateOfBirth) throw new AppError(409, 'ALREADY_HELD', 'We already have your date of birth.');
  const [dd, mm, yyyy] = input.dateOfBirth.split(/[/-]/);
  await repo.updateDateOfBirth(deps.db, collectorId, `${yyyy}-${mm}-${dd}`);
  await recordAccountEvent(deps.db, req, collectorId, 'details-added', { field: 'dateOfBirth' });
  return missingInformation(deps, collectorId);
}

/** GET /collector-hash[?org=]: a stable pseudonymous id for analytics or a partner organisation. */
export const collectorHash = (deps: AccountDeps, collectorId: string, org: string | undefined) => ({
  hashID: sign(deps.linkKey, `collector-hash:${org ?? ''}:${collectorId}`),
});

/* ---------- security page ---------- */

/** A session's id as the browser sees it: a hash of the stored hash, never the cookie secret. */
const publicSessionId = (idHash: string) => hashOf(`public:${idHash}`).slice(0, 16);

export async function listSessions(
  deps: AccountDeps,
  collectorId: string,
  sessionToken: string,
): Promise<AccountSession[]> {
  const now = deps.now();
  const rows = await repo.listSessions(deps.db, collectorId, now);
  const oldest = rows.reduce((min, row) => (row.createdAt < min ? row.createdAt : min), now);
  const signIns = await repo.listSignIns(deps.db, collectorId, new Date(oldest.getTime() - 60_000));
  const agentAt = new Map(signIns.map((s) => [String(s.detail.sessionCreatedAt ?? ''), s.userAgent]));
  const currentHash = hashOf(sessionToken);
  return rows.map((row) => ({
    id: publicSessionId(row.idHash),
    current: row.idHash === currentHash,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    // The session's own browser; a session from before it was kept is matched to the sign-in that started it.
    device: describeDevice(
      typeof row.data.userAgent === 'string' ? row.data.userAgent : agentAt.get(row.createdAt.toISOString()),
    ),
  }));
}

/**
 * Logs one other device out (the security page's list): its web session, and the provider's sign-in that
 * started it with that sign-in's grants and tokens, so the device is not signed straight back in. This
 * device is logged out with "Log out" instead.
 */
export async function signOutSession(
  deps: AccountDeps,
  req: Req,
  collectorId: string,
  sessionToken: string,
  publicId: string,
) {
  const rows = await repo.listSessions(deps.db, collectorId, deps.now());
  const row = rows.find((candidate) => publicSessionId(candidate.idHash) === publicId);
  if (!row) throw new AppError(404, 'SESSION_NOT_FOUND', accountMessages.sessionNotFound);
  if (row.idHash === hashOf(sessionToken)) {
    throw new AppError(400, 'SESSION_CURRENT', accountMessages.sessionCurrent);
  }
  await deps.sessions.destroyByHash(row.idHash);
  await revokeProviderSignIn(deps.db, collectorId, row.data.refreshToken);
  await recordAccountEvent(deps.db, req, collectorId, 'signed-out-device');
  return { description: accountMessages.sessionSignedOut };
}

export async function listEvents(deps: AccountDeps, collectorId: string): Promise<AccountEvent[]> {
  const rows = await repo.listEvents(deps.db, collectorId, 50);
  return rows
    .filter((row): row is typeof row & { type: AccountEventType } =>
      (ACCOUNT_EVENT_TYPES as readonly string[]).includes(row.type),
    )
    .map((row) => ({
      id: row.id,
      type: row.type,
      createdAt: row.createdAt.toISOString(),
      device: describeDevice(row.userAgent),
      detail: typeof row.detail.status === 'string' ? row.detail.status : null,
    }));
}
