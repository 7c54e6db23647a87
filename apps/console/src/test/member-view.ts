import type { StaffMemberView } from '@app/contracts/staff';

/** The member the console's tests open. */
export const MEMBER_ID = '11111111-1111-4111-8111-111111111111';
export const MEMBER_CARD = '9826300012345678901';

/**
 * The member as GET /staff-api/members/{id} answers once the caller is checked: one card in use and nothing else
 * on record, what a member who has done nothing but join has; `changes` over it.
 */
export const memberView = (changes: Partial<StaffMemberView> = {}): StaffMemberView => ({
  id: MEMBER_ID,
  name: 'Mr Alex Morgan',
  status: 'active',
  accountKind: 'consumer',
  joinedAt: '2024-03-01T10:00:00.000Z',
  email: 'd***@example.com',
  mobile: '********901',
  dateOfBirth: '****-**-** (1988)',
  postcode: 'EC1A ***',
  balance: 1000,
  spendingLocked: false,
  signInLockedUntil: null,
  failedSignIns: 0,
  cards: [{ number: MEMBER_CARD, kind: 'plastic', status: 'active', issuedAt: '2024-03-01T10:00:00Z' }],
  ledger: [],
  claims: [],
  adjustments: [],
  offers: [],
  offersAssigned: 0,
  vouchers: [],
  partnerLinks: [],
  transfers: [],
  pendingPoints: { total: 0, entries: [] },
  goal: null,
  preferences: {
    email: false,
    sms: false,
    post: false,
    phone: false,
    onlineAdvertising: false,
    updatedAt: null,
  },
  consents: [],
  sessions: [],
  devices: [],
  passkeys: [],
  securityEvents: [],
  ...changes,
});
