import { STAFF_ACTIONS, mayDo, type StaffAction, type StaffRole } from '@app/contracts/staff';
import type { OfferPerformance, StaffOffer, StaffOfferDetails } from '@app/contracts/staff-offers';
import { agent } from './render-console.tsx';

/** A session of `role`, with the actions the contract gives it, as GET /staff-api/session answers. */
export const sessionOf = (role: StaffRole, name = 'Morgan Marketer') => ({
  ...agent,
  id: `00000000-0000-4000-8000-00000000000${role.length}`,
  email: `${role}@example.com`,
  name,
  role,
  actions: (Object.keys(STAFF_ACTIONS) as StaffAction[]).filter((action) => mayDo(role, action)),
});
export const marketer = sessionOf('marketer');

export const OFFER_ID = 'offer-1';

/** An offer of the list: a live bonus offer of the Winter fuel campaign, 12,000 of 50,000 points paid. */
export const staffOffer = (changes: Partial<StaffOffer> = {}): StaffOffer => ({
  id: OFFER_ID,
  kind: 'bonus',
  title: 'Double up at the pump',
  sponsorDisplayName: "Sainsbury's",
  campaign: 'Winter fuel',
  status: 'approved',
  lifecycle: 'live',
  stoppedReason: null,
  validFrom: '2026-12-01T09:00:00+00:00',
  validTo: '2026-12-29T23:59:00+00:00',
  budgetPoints: 50_000,
  pointsIssued: 12_000,
  version: 1,
  previousVersionId: null,
  createdBy: 'Sam Writer',
  submittedBy: 'Sam Writer',
  approvedBy: 'Ada Admin',
  createdById: '00000000-0000-4000-8000-0000000000aa',
  submittedById: '00000000-0000-4000-8000-0000000000aa',
  updatedAt: '2026-11-30T10:00:00Z',
  ...changes,
});

/** The offer's page: the list's offer, its draft (for fuel shoppers) and no list. */
export const offerDetails = (changes: Partial<StaffOfferDetails> = {}): StaffOfferDetails => ({
  ...staffOffer(),
  draft: {
    kind: 'bonus',
    partnerId: null,
    campaign: 'Winter fuel',
    title: 'Double up at the pump',
    description: '500 bonus points when you spend £40 on fuel',
    howTo: 'Load the offer, then fill up.',
    terms: 'Once per member.',
    category: { key: 'fuel', name: 'Fuel' },
    picture: null,
    rule: { kind: 'threshold', category: 'fuel', minSpendPence: 4000, points: 500 },
    points: 500,
    maxPerMember: 1,
    validFrom: '2026-12-01T09:00:00+00:00',
    validTo: '2026-12-29T23:59:00+00:00',
    budgetPoints: 50_000,
    audience: { kind: 'segment', rules: [{ rule: 'fuel-shopper', days: 90 }] },
  },
  listCount: null,
  ...changes,
});

export const performance = (changes: Partial<OfferPerformance> = {}): OfferPerformance => ({
  reached: 8_400,
  loaded: 2_100,
  paidMembers: 24,
  payouts: 24,
  pointsIssued: 12_000,
  budgetPoints: 50_000,
  costPence: 6_000,
  byDay: [
    { day: '2026-12-01', payouts: 10, points: 5_000, costPence: 2_500 },
    { day: '2026-12-02', payouts: 14, points: 7_000, costPence: 3_500 },
  ],
  ...changes,
});

export const pictures = [
  { key: 'fuel-pump', label: 'Fuel pump', url: '/offer-pictures/fuel-pump.webp' },
  { key: 'bakery', label: 'Bakery', url: '/offer-pictures/bakery.webp' },
];
export const partners = [
  { id: 'esso', name: 'Esso' },
  { id: 'argos', name: 'Argos' },
];
