import { loadDefaultDocuments } from '../modules/documents/service.ts';
import { loadPartners, loadSandboxTill } from '../modules/partner-api/service.ts';
import { loadPlatformRows } from '../modules/platform-status/service.ts';
import type { Database } from '../db/database.ts';
import { loadBrandCatalogue } from './catalogue/brands.ts';
import { loadMarketingEvents } from './catalogue/marketing-events.ts';
import { loadMemberPrices } from './catalogue/member-prices.ts';
import { loadOfferCatalogue } from './catalogue/offers.ts';
import { loadDemoAccount } from './demo-account.ts';
import { loadDemoActivity } from './demo-activity.ts';
import { createDemoMembersIfEmpty } from './demo-member.ts';
import { loadDemoOffers } from './demo-offers.ts';
import { loadDemoPartnerLink, loadSandboxPartnerAccounts } from './demo-partners.ts';
import { loadDemoPendingPoints } from './demo-pending-points.ts';
import { loadDemoStaff } from './demo-staff.ts';

export interface StartData {
  /** The demo members, plastic cards and sandbox partner accounts too (DEMO_DATA; off in production). */
  demoData: boolean;
}

/**
 * The one step that puts data in place when a server starts, run once per start inside the start-up
 * lock, after the migrations (db/database.ts), so two instances on an empty database never both write it:
 * - always, the scheme's first brands, offers, member prices and marketing events (catalogue/; the product
 *   reads only their tables, and a new member gets the offers approved for everyone from there), the partners
 *   with their rates, the documents (FAQs, legal pages) and the rows the operator edits to turn switches and
 *   features on.
 *   Each row is written when missing and never overwritten, so what staff changed stays (ADR 055);
 * - with `demoData`, on an empty database the demo member and the plastic cards (README "Demo account"), then,
 *   once each, the demo member's offers, points, activity, voucher and address, the second member, the sandbox
 *   partners' accounts, the demo member's hotel link, the sandbox till's partner client and the demo staff.
 * Every part checks what is there first, so a later start changes nothing. Answers whether it made the members.
 */
export async function loadStartData(db: Database, { demoData }: StartData): Promise<boolean> {
  const madeMembers = demoData ? await createDemoMembersIfEmpty(db) : false;
  await loadBrandCatalogue(db);
  await loadOfferCatalogue(db);
  await loadMemberPrices(db);
  await loadMarketingEvents(db);
  await loadPartners(db);
  await loadDefaultDocuments(db);
  await loadPlatformRows(db);
  if (!demoData) return false;
  await loadSandboxTill(db);
  await loadDemoOffers(db);
  await loadDemoAccount(db);
  await loadDemoActivity(db);
  await loadSandboxPartnerAccounts(db);
  await loadDemoPartnerLink(db);
  await loadDemoPendingPoints(db);
  await loadDemoStaff(db);
  return madeMembers;
}
