import { z } from 'zod';
import {
  authenticationResponseSchema,
  MAX_PASSKEYS,
  passkeyNameSchema,
  registrationResponseSchema,
} from './passkeys.ts';

/**
 * The staff console's contract (docs/staff-console.md): who may do what, the reasons a change to points may
 * give, the limits, and the calls' shapes. The server checks every rule here on every call; the console uses
 * the same table to show only what a role may do.
 */

/**
 * The careline's roles from least to most (each may do everything the roles before it may), then the campaign
 * manager, who makes offers and sees no member. An admin may do both.
 */
export const STAFF_ROLES = ['agent', 'supervisor', 'admin', 'marketer'] as const;
export const staffRoleSchema = /* @__PURE__ */ (() => z.enum(STAFF_ROLES))();
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** A marketer is below every careline role: it may take no careline action and decide no change of points. */
const rank: Record<StaffRole, number> = { marketer: 0, agent: 1, supervisor: 2, admin: 3 };
/** Whether `role` is above `other`: a change waiting for approval needs someone above its requester. */
export const outranks = (role: StaffRole, other: StaffRole) => rank[role] > rank[other];

/** Every action of the console, with the least role allowed to take it. */
export const STAFF_ACTIONS = {
  search: 'agent',
  viewMember: 'agent',
  reveal: 'agent',
  adjustPoints: 'agent',
  blockCard: 'agent',
  replaceCard: 'agent',
  clearLockout: 'agent',
  signOutEverywhere: 'agent',
  resendLink: 'agent',
  decideAdjustment: 'supervisor',
  viewClaims: 'supervisor',
  decideClaim: 'supervisor',
  unblockCard: 'supervisor',
  unlockSpending: 'supervisor',
  changeEmail: 'supervisor',
  closeAccount: 'supervisor',
  viewAudit: 'supervisor',
  exportAudit: 'admin',
  inviteStaff: 'admin',
  viewOffers: 'marketer',
  editOffers: 'marketer',
  approveOffers: 'marketer',
} as const satisfies Record<string, StaffRole>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

/** The careline's actions by rank; the campaign actions for marketers and admins. */
export const mayDo = (role: StaffRole, action: StaffAction) => {
  const least = STAFF_ACTIONS[action];
  if (least === 'marketer') return role === 'marketer' || role === 'admin';
  return rank[role] >= rank[least];
};

/**
 * Why points were added or taken: one closed list. The member reads "Adjusted by our team: <label>" in their
 * activity, with the note.
 */
export const ADJUSTMENT_REASONS = {
  goodwill: 'goodwill',
  'missing-points': 'missing points',
  correction: 'correction',
  'fraud-reversal': 'fraud reversal',
  'service-recovery': 'putting a problem right',
} as const;
export type AdjustmentReason = keyof typeof ADJUSTMENT_REASONS;
export const adjustmentReasonSchema = /* @__PURE__ */ (() =>
  z.enum(Object.keys(ADJUSTMENT_REASONS) as [AdjustmentReason, ...AdjustmentReason[]]))();

/** The activity line a member sees for a change of points by staff. */
export const adjustmentActivityReason = (reason: AdjustmentReason) =>
  `Adjusted by our team: ${ADJUSTMENT_REASONS[reason]}`;

/**
 * Points a role may add or take on its own: in one change, and in all its changes of a day (London time).
 * Above either, the change waits for someone of a higher role. Settings can lower or raise each
 * (STAFF_POINTS_LIMITS, docs/settings.md).
 */
export const DEFAULT_POINTS_LIMITS: Record<StaffRole, { perChange: number; perDay: number }> = {
  agent: { perChange: 1_000, perDay: 3_000 },
  supervisor: { perChange: 10_000, perDay: 30_000 },
  admin: { perChange: 50_000, perDay: 200_000 },
  marketer: { perChange: 0, perDay: 0 },
};

/** A console session ends this long after sign-in, or after this long without a call. */
export const STAFF_SESSION_HOURS = 8;
export const STAFF_SESSION_IDLE_MINUTES = 30;
/** Wrong sign-ins in a row before a staff account locks, and for how long. */
export const STAFF_MAX_FAILED_SIGN_INS = 5;
export const STAFF_LOCKOUT_MINUTES = 15;
/** How long an invitation link lasts. */
export const STAFF_INVITE_HOURS = 72;
/** How many one-time recovery codes enrolment gives. */
export const STAFF_RECOVERY_CODES = 8;

export const staffMessages = {
  signInFailed: 'The email, password or code is not right.',
  lockedOut: (minutes: number) =>
    `Too many attempts. This account is locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  signInRequired: 'Please sign in to the console.',
  roleRefused: "Your role doesn't allow this.",
  inviteInvalid: 'This invitation has expired or has already been used. Ask an admin for a new one.',
  codeWrong: 'That code is not right. Enter the 6 digits your authenticator app shows now.',
  memberNotFound: 'There is no member with that id.',
  adjustmentNotFound: 'There is no such change of points.',
  adjustmentDecided: 'This change of points has already been decided.',
  ownAdjustment: 'Someone else must approve a change you asked for.',
  approverTooJunior: 'Only someone with a higher role than the person who asked can decide this.',
  claimAboveLimit: (limit: number) =>
    `Granting more than ${limit.toLocaleString('en-GB')} points is above your limit for one change. Ask someone with a higher role.`,
  balanceTooLow: "The member doesn't have that many points to take.",
  idempotencyReused: 'This key was already used for a different change.',
  staffExists: 'There is already a member of staff with that email.',
  callerCheckRequired: "Check who is calling first: their date of birth and postcode, or why you can't.",
} as const;

export const staffSignInSchema = /* @__PURE__ */ (() =>
  z.object({
    email: z.string().trim().toLowerCase().max(254),
    password: z.string().min(1).max(64),
    /** The authenticator app's 6 digits, or one of the recovery codes. */
    code: z.string().trim().min(6).max(20),
  }))();

export const staffMeSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: staffRoleSchema,
    /** What this role may do, for the console to show only that. */
    actions: z.array(z.string()),
  }))();

export const acceptInviteSchema = /* @__PURE__ */ (() =>
  z.object({ password: z.string().min(12).max(64), code: z.string().trim().length(6).optional() }))();

export const inviteAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    email: z.string(),
    name: z.string(),
    role: staffRoleSchema,
    /** The authenticator's secret (base32) and its otpauth:// address for a QR code; shown once. */
    totpSecret: z.string(),
    totpUri: z.string(),
  }))();

export const enrolledAnswerSchema = /* @__PURE__ */ (() =>
  z.object({ recoveryCodes: z.array(z.string()) }))();

export const memberSearchQuerySchema = /* @__PURE__ */ (() =>
  z.object({ q: z.string().trim().min(2).max(100) }))();

export const memberSearchResultSchema = /* @__PURE__ */ (() =>
  z.object({
    /**
     * What the query was read as: a card number, an email, a mobile, a postcode and last name, a name; 11
     * digits starting 07 are a card number or a UK mobile.
     */
    readAs: z.enum(['card', 'card-or-mobile', 'email', 'mobile', 'postcode-and-name', 'name']),
    members: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        /** Masked until the member's page reveals it. */
        email: z.string().nullable(),
        cardNumber: z.string().nullable(),
        postcode: z.string().nullable(),
        status: z.string(),
      }),
    ),
  }))();

export const adjustmentRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    points: z
      .number()
      .int()
      .refine((points) => points !== 0, 'Enter a number of points other than 0')
      .refine((points) => Math.abs(points) <= 1_000_000, 'Enter at most 1,000,000 points'),
    reason: adjustmentReasonSchema,
    /** What the member reads beside the change in their activity. */
    note: z.string().trim().min(1).max(200),
    idempotencyKey: z.string().min(8).max(100),
  }))();

export const adjustmentSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    memberId: z.string(),
    points: z.number(),
    reason: adjustmentReasonSchema,
    note: z.string(),
    state: z.enum(['pending', 'applied', 'refused']),
    requestedBy: z.string(),
    decidedBy: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  }))();
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const decisionSchema = /* @__PURE__ */ (() =>
  z.object({ approve: z.boolean(), reason: z.string().trim().min(1).max(200) }))();

export const auditEntrySchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.number(),
    at: z.string(),
    staffEmail: z.string(),
    ip: z.string().nullable(),
    memberId: z.string().nullable(),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
  }))();

export const auditQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    memberId: z.string().uuid().optional(),
    staffEmail: z.string().optional(),
    action: z.string().optional(),
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }))();

export const callerCheckSchema = /* @__PURE__ */ (() =>
  z
    .object({
      dateOfBirth: z.iso.date().optional(),
      postcode: z.string().trim().max(10).optional(),
      /** Why the caller could not be checked (a letter, a member in branch): recorded instead. */
      notCheckedBecause: z.string().trim().min(3).max(200).optional(),
    })
    .refine(
      (check) =>
        check.notCheckedBecause !== undefined ||
        (check.dateOfBirth !== undefined && check.postcode !== undefined),
      'Give the date of birth and postcode, or why they could not be checked',
    ))();

export const REVEALABLE_FIELDS = ['email', 'mobile', 'dateOfBirth', 'address'] as const;
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];
export const revealSchema = /* @__PURE__ */ (() => z.object({ field: z.enum(REVEALABLE_FIELDS) }))();

export const inviteRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    email: z.email().trim().toLowerCase(),
    name: z.string().trim().min(1).max(100),
    role: staffRoleSchema,
  }))();

/** How many rows the member's screen lists at most, newest first: ledger entries, and each other list. */
export const MEMBER_VIEW_LIMITS = { ledger: 100, list: 20 } as const;

/**
 * The member on one screen (GET /staff-api/members/{id}), masked until a reveal: what the console reads
 * (docs/staff-console.md "The member on one screen"). The ledger is the latest entries, newest first (the
 * console filters them); `adjustments` are the changes of points staff made. Never a secret: no password hash,
 * no session or device id, no passkey key, nor a voucher's full code.
 */
export const staffMemberViewSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    accountKind: z.string(),
    joinedAt: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    postcode: z.string().nullable(),
    balance: z.number(),
    spendingLocked: z.boolean(),
    signInLockedUntil: z.string().nullable(),
    failedSignIns: z.number(),
    cards: z.array(
      z.object({ number: z.string(), kind: z.string(), status: z.string(), issuedAt: z.string() }),
    ),
    ledger: z
      .array(
        z.object({
          id: z.string(),
          amount: z.number(),
          reason: z.string(),
          source: z.string(),
          createdAt: z.string(),
        }),
      )
      .max(MEMBER_VIEW_LIMITS.ledger),
    claims: z.array(
      z.object({
        id: z.string(),
        partner: z.string(),
        reference: z.string(),
        status: z.string(),
        pointsGranted: z.number().nullable(),
        createdAt: z.string(),
      }),
    ),
    adjustments: z.array(adjustmentSchema),
    /**
     * Offers the member saved, pinned, opted into, hid or used (`timesUsed`: paid out at a till, less
     * returns); `offersAssigned` counts every offer they were given.
     */
    offers: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        partner: z.string(),
        /** PIANO (personalised), COALITION (partner) or NECTAR_PRICE (member price). */
        source: z.string(),
        /** LOADED, UNLOADED, PINNED, HIDDEN, OPTEDIN or NOTOPTEDIN. */
        state: z.string(),
        timesUsed: z.number(),
        savedAt: z.string().nullable(),
        validTo: z.string(),
      }),
    ),
    offersAssigned: z.number(),
    /** Vouchers bought with points, newest first; the code masked to its last 4 characters. */
    vouchers: z.array(
      z.object({
        id: z.string(),
        reward: z.string(),
        partner: z.string(),
        points: z.number(),
        code: z.string(),
        /** The member's answer to "Did you use this voucher?": null until they answer. */
        used: z.boolean().nullable(),
        createdAt: z.string(),
        expiresAt: z.string(),
      }),
    ),
    /** Live links to partner accounts (the airline, the hotel); the membership number masked. */
    partnerLinks: z.array(
      z.object({
        partnerId: z.string(),
        partner: z.string(),
        membershipNumber: z.string(),
        linkType: z.string(),
        linkedAt: z.string(),
      }),
    ),
    /** Points converted to a partner's or from them, newest first. */
    transfers: z.array(
      z.object({
        id: z.string(),
        partner: z.string(),
        direction: z.enum(['to-partner', 'from-partner']),
        pointsGiven: z.number(),
        pointsReceived: z.number(),
        /** The partner's own points, e.g. Avios. */
        partnerPointsName: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    /** Points on their way: purchases a partner told of, not yet in the balance, soonest first. */
    pendingPoints: z.object({
      total: z.number(),
      entries: z.array(
        z.object({
          id: z.string(),
          partner: z.string(),
          purchasedOn: z.string(),
          reference: z.string(),
          points: z.number(),
          expectedOn: z.string(),
        }),
      ),
    }),
    /** The reward the member saves towards, and where they stand; null when they set none. */
    goal: z
      .object({
        title: z.string(),
        partner: z.string(),
        points: z.number(),
        pointsToGo: z.number(),
        reached: z.boolean(),
        /** When they reach it at their pace of the last 90 days; null once reached or without a pace. */
        estimatedOn: z.string().nullable(),
        setAt: z.string(),
      })
      .nullable(),
    /** How the member agreed to be contacted, and online advertising; `updatedAt` null: never chosen. */
    preferences: z.object({
      email: z.boolean(),
      sms: z.boolean(),
      post: z.boolean(),
      phone: z.boolean(),
      onlineAdvertising: z.boolean(),
      updatedAt: z.string().nullable(),
    }),
    /** What the member agreed to, under which wording, newest first. */
    consents: z.array(
      z.object({ id: z.string(), kind: z.string(), wordingVersion: z.string(), agreedAt: z.string() }),
    ),
    /** Signed-in sessions of the member's site, last seen first; `device` in words ("Chrome on Android"). */
    sessions: z.array(
      z.object({ id: z.string(), device: z.string(), startedAt: z.string(), lastSeenAt: z.string() }),
    ),
    /** Browsers that passed the sign-in's second step, per app (`client`), last seen first. */
    devices: z.array(z.object({ client: z.string(), firstSeenAt: z.string(), lastSeenAt: z.string() })),
    /** Passkeys by the member's names for them: never a key or a credential id. */
    passkeys: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        device: z.string(),
        synced: z.boolean(),
        createdAt: z.string(),
        lastUsedAt: z.string().nullable(),
      }),
    ),
    /** The member's own security log (sign-ins, changes of details, passkeys), newest first. */
    securityEvents: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        device: z.string().nullable(),
        detail: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }))();
export type StaffMemberView = z.infer<typeof staffMemberViewSchema>;

/** The careline check's answer: whether the member opened, and whether what the caller said matched. */
export const callerCheckAnswerSchema = /* @__PURE__ */ (() =>
  z.object({ passed: z.boolean(), matches: z.boolean().nullable() }))();

/** A reveal's answer: one field in full. */
export const revealAnswerSchema = /* @__PURE__ */ (() =>
  z.object({ field: z.string(), value: z.string().nullable() }))();

/** Who an invitation is for, while it can be taken. */
export const inviteDescriptionSchema = /* @__PURE__ */ (() =>
  z.object({ email: z.string(), name: z.string(), role: staffRoleSchema }))();

/** The actions the audit trail records (its `action` column), for the console's filter. */
export const STAFF_AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'enrol',
  'add-passkey',
  'remove-passkey',
  'invite-staff',
  'search',
  'caller-check',
  'caller-check-failed',
  'view-member',
  'reveal',
  'adjust-points',
  'approve-adjustment',
  'refuse-adjustment',
  'export-audit',
  'block-card',
  'unblock-card',
  'replace-card',
  'clear-lockout',
  'sign-out-everywhere',
  'resend-link',
  'unlock-spending',
  'change-email',
  'close-account',
  'grant-claim',
  'refuse-claim',
  'create-offer',
  'update-offer',
  'submit-offer',
  'approve-offer',
  'reject-offer',
  'pause-offer',
  'resume-offer',
  'end-offer',
  'new-offer-version',
  'upload-offer-list',
  'upload-offer-picture',
  'preview-offer',
  'refused',
] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

/* ---------- Passkeys of the console (docs/staff-console.md "Signing in") ---------- */

/**
 * A passkey is added within this long of signing in (with the password and code, or a passkey): a console
 * left open cannot give a passer-by a way back in.
 */
export const STAFF_PASSKEY_ADD_MINUTES = 15;

export const staffPasskeyMessages = {
  signInButton: 'Sign in with a passkey',
  /** The browser's passkey sheet was closed, or timed out. */
  cancelled:
    "You didn't finish signing in with a passkey. Try again, or sign in with your email, password and code.",
  unsupported: "This browser can't use passkeys. Sign in with your email, password and code.",
  expired: 'Your passkey sign-in took too long. Please try again.',
  notRecognised:
    "That passkey isn't recognised: it may have been removed. Sign in with your email, password and code.",
  refused: "That passkey didn't sign you in. Try again, or sign in with your email, password and code.",
  signInAgain:
    `A passkey is added in the ${STAFF_PASSKEY_ADD_MINUTES} minutes after signing in. ` +
    'Sign out, sign in again, then add it.',
  added: "Passkey added. Next time, choose 'Sign in with a passkey'.",
  addCancelled: "The passkey wasn't added. You can try again when you're ready.",
  addFailed: "We couldn't add a passkey on this device. Please try again.",
  addUnsupported: "This browser can't make passkeys. Use Chrome, Edge or Safari to add one.",
  alreadyAdded: 'This device already has a passkey for your account.',
  tooMany: `You can have up to ${MAX_PASSKEYS} passkeys. Remove one you no longer use, then try again.`,
  removed: "Passkey removed. It can't be used to sign in any more.",
  notFound: 'That passkey has already been removed.',
} as const;

/** One of a member of staff's passkeys, by their name for it: never its key or credential id. */
export const staffPasskeySchema = /* @__PURE__ */ (() =>
  z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }))();
export type StaffPasskey = z.infer<typeof staffPasskeySchema>;
export const staffPasskeysSchema = /* @__PURE__ */ (() =>
  z.object({ passkeys: z.array(staffPasskeySchema) }))();

/** A new passkey: its name, and the browser's answer to the registration options. */
export const staffAddPasskeySchema = /* @__PURE__ */ (() =>
  z.object({ name: passkeyNameSchema, response: registrationResponseSchema }))();

/** Signing in with a passkey: the browser's answer to the sign-in options. */
export const staffPasskeySignInSchema = /* @__PURE__ */ (() =>
  z.object({ response: authenticationResponseSchema }))();
