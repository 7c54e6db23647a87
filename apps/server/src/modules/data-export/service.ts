import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { describeDevice } from '@app/contracts/account';
import { brand } from '@app/contracts/brand';
import {
  ACTIVITY_CSV_COLUMNS,
  DATA_EXPORT_FILES,
  DATA_EXPORT_LINK_HOURS,
  DATA_EXPORT_REQUEST_EVERY_HOURS,
  dataExportMessages as m,
  formatExportTime,
} from '@app/contracts/data-export-constants';
import type { DataExportDocument, DataExportLink, DataExportState } from '@app/contracts/data-export';
import { dataExportDownloadPath } from '@app/contracts/data-export-paths';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashOf } from '../../lib/token-hash.ts';
import type { Notifier } from '../../plugins/notify.ts';
import * as repo from './repository.ts';

const HOUR_MS = 3_600_000;
/** A request still PREPARING this long after it was made has failed (its job gave up or was lost). */
const PREPARING_GIVES_UP_MS = HOUR_MS;
/** A request is remembered (without its files) this long, then deleted by the purge. */
const DATA_EXPORT_KEPT_MS = 30 * 24 * HOUR_MS;

/** The queue the prepare-data-export job takes requests from. */
export const PREPARE_DATA_EXPORT = 'prepare-data-export';

export interface DataExportDeps {
  db: Database;
  clock: Clock;
  notify: Pick<Notifier, 'send'>;
  /** Puts the request on the prepare-data-export queue (app.jobs.send). */
  enqueue: (exportId: string) => Promise<void>;
  publicUrl: string;
}

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);
const pounds = (pence: number | null | undefined) =>
  pence === null || pence === undefined ? '' : (pence / 100).toFixed(2);

/** Whether a request counts towards the once-a-day rule and shows as it is: a PREPARING one that gave up does not. */
const gaveUp = (row: repo.DataExportSummary, now: Date) =>
  row.status === 'PREPARING' && now.getTime() - row.requestedAt.getTime() > PREPARING_GIVES_UP_MS;

const nextRequestAt = (row: repo.DataExportSummary) =>
  new Date(row.requestedAt.getTime() + DATA_EXPORT_REQUEST_EVERY_HOURS * HOUR_MS);

/** The member's latest request as the page shows it. */
function stateOf(row: repo.DataExportSummary | undefined, now: Date): DataExportState {
  if (!row)
    return { state: 'NONE', requestedAt: null, expiresAt: null, downloadedAt: null, nextRequestAt: null };
  const failed = row.status === 'FAILED' || gaveUp(row, now);
  const next = nextRequestAt(row);
  const base = {
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    downloadedAt: iso(row.downloadedAt),
    nextRequestAt: failed || next <= now ? null : next.toISOString(),
  };
  if (failed) return { ...base, state: 'FAILED' };
  if (row.status === 'DOWNLOADED') return { ...base, state: 'DOWNLOADED' };
  if (row.status === 'READY') {
    return { ...base, state: row.expiresAt && row.expiresAt > now ? 'READY' : 'EXPIRED' };
  }
  return { ...base, state: 'PREPARING' };
}

const RECEIPT_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
/** Where a claim's receipt sits in the zip. */
const receiptFileOf = (claimId: string, mediaType: string) =>
  `receipts/${claimId}.${RECEIPT_EXTENSIONS[mediaType] ?? 'bin'}`;

/** The JSON file: what each table holds about the member, field by field, never a secret. */
function toDocument(data: repo.MemberData, requestedAt: Date, preparedAt: Date): DataExportDocument {
  const { collector } = data;
  if (!collector) throw new Error('the member of a data export is gone');
  return {
    format: 'data-export/1',
    scheme: brand.name,
    requestedAt: requestedAt.toISOString(),
    preparedAt: preparedAt.toISOString(),
    profile: {
      title: collector.title,
      firstName: collector.firstName,
      lastName: collector.lastName,
      email: collector.email,
      dateOfBirth: collector.dateOfBirth,
      mobile: { countryCode: collector.phoneCountryCode, number: collector.phoneNumber },
      memorableName: collector.memorableName,
      accountKind: collector.accountKind,
      status: collector.status,
      createdAt: collector.createdAt.toISOString(),
      updatedAt: collector.updatedAt.toISOString(),
      addresses: data.addresses.map((a) => ({
        lines: a.lines,
        postcode: a.postcode,
        createdAt: a.createdAt.toISOString(),
      })),
      business: data.business
        ? {
            name: data.business.name,
            category: data.business.category,
            employees: data.business.employees,
            businessOffersOptIn: data.business.businessOffersOptIn,
          }
        : null,
    },
    consents: {
      contactPreferences: data.preferences
        ? {
            byEmail: data.preferences.byEmail,
            bySms: data.preferences.bySms,
            byPost: data.preferences.byPost,
            byPhone: data.preferences.byPhone,
            onlineAdvertising: data.preferences.onlineAdvertising,
            updatedAt: data.preferences.updatedAt.toISOString(),
          }
        : null,
      agreements: data.agreements.map((c) => ({
        kind: c.kind,
        wordingVersion: c.wordingVersion,
        agreedAt: c.agreedAt.toISOString(),
      })),
    },
    cards: data.cards.map((c) => ({
      number: c.number,
      kind: c.kind,
      status: c.status,
      issuedAt: c.issuedAt.toISOString(),
      expiresAt: iso(c.expiresAt),
    })),
    cardReplacements: data.replacements.map((r) => ({
      oldNumber: r.oldNumber,
      newNumber: r.newNumber,
      reason: r.reason,
      cardType: r.cardType,
      createdAt: r.createdAt.toISOString(),
    })),
    ledger: data.ledger.map(({ entry, details }) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      points: entry.amount,
      reason: entry.reason,
      source: entry.source,
      cardNumber: entry.cardNumber,
      details: details
        ? {
            partnerKind: details.partnerKind,
            partnerName: details.partnerName,
            storeName: details.storeName,
            spendPence: details.spendPence,
            savingPence: details.savingPence,
            receiptId: details.receiptId,
            receiptLines: details.receiptLines ? details.receiptLines.map((line) => ({ ...line })) : null,
            voucherId: details.voucherId,
          }
        : null,
    })),
    offers: data.offers.map((o) => ({
      ...o,
      assignedAt: o.assignedAt.toISOString(),
      savedAt: iso(o.savedAt),
      firstSeenAt: iso(o.firstSeenAt),
      updatedAt: o.updatedAt.toISOString(),
    })),
    vouchers: data.vouchers.map((v) => ({
      id: v.id,
      rewardId: v.rewardId,
      partnerName: v.partnerName,
      itemDescription: v.itemDescription,
      points: v.points,
      voucherCode: v.voucherCode,
      used: v.used,
      createdAt: v.createdAt.toISOString(),
      expiresAt: v.expiresAt.toISOString(),
      transactionId: v.ledgerEntryId,
    })),
    linkedPartners: {
      links: data.links.map((l) => ({
        partnerId: l.partnerId,
        partnerAccount: l.partnerAccount,
        cardNumber: l.cardNumber,
        linkType: l.linkType,
        linkedAt: l.linkedAt.toISOString(),
        unlinkedAt: iso(l.unlinkedAt),
      })),
      conversions: data.transfers.map((t) => ({
        id: t.id,
        partnerId: t.partnerId,
        conversionType: t.conversionType,
        pointsGiven: t.pointsGiven,
        pointsReceived: t.pointsReceived,
        status: t.status,
        createdAt: t.createdAt.toISOString(),
      })),
    },
    claims: data.claims.map(({ claim, receiptType, receiptBytes }) => ({
      id: claim.id,
      partner: claim.partner,
      purchasedOn: claim.purchasedOn,
      spendPence: claim.spendPence,
      reference: claim.reference,
      status: claim.status,
      pointsGranted: claim.pointsGranted,
      transactionId: claim.ledgerEntryId,
      note: claim.operatorNote,
      createdAt: claim.createdAt.toISOString(),
      settledAt: iso(claim.settledAt),
      receipt:
        receiptType && receiptBytes !== null
          ? { mediaType: receiptType, sizeBytes: receiptBytes, file: receiptFileOf(claim.id, receiptType) }
          : null,
    })),
    pointsOnTheirWay: data.pending.map((p) => ({
      partner: p.partner,
      purchasedOn: p.purchasedOn,
      spendPence: p.spendPence,
      reference: p.reference,
      points: p.points,
      expectedOn: p.expectedOn,
      postedAt: iso(p.postedAt),
      transactionId: p.ledgerEntryId,
      createdAt: p.createdAt.toISOString(),
    })),
    goal: data.goal
      ? {
          kind: data.goal.kind,
          rewardId: data.goal.rewardId,
          conversionPoints: data.goal.conversionPoints,
          createdAt: data.goal.createdAt.toISOString(),
          updatedAt: data.goal.updatedAt.toISOString(),
        }
      : null,
    feedback: data.feedback.map((f) => ({
      type: f.type,
      topic: f.topic,
      subject: f.subject,
      text: f.text,
      createdAt: f.createdAt.toISOString(),
    })),
    // A session's id (hashed) and its stored provider tokens are secrets: only when and where.
    sessions: data.sessions.map((s) => {
      const userAgent = typeof s.data.userAgent === 'string' ? s.data.userAgent : null;
      return {
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        device: describeDevice(userAgent),
        userAgent,
      };
    }),
    security: {
      accountLog: data.events.map((e) => ({
        type: e.type,
        createdAt: e.createdAt.toISOString(),
        device: describeDevice(e.userAgent),
        ip: e.ip,
        userAgent: e.userAgent,
        detail: e.detail,
      })),
      // A known device is held as a hash of the browser's device cookie: the hash is not shown.
      knownDevices: data.devices.map((d) => ({
        app: d.clientId,
        firstSeenAt: d.firstSeenAt.toISOString(),
        lastSeenAt: d.lastSeenAt.toISOString(),
      })),
      passkeys: data.passkeys.map((p) => ({
        ...p,
        createdAt: p.createdAt.toISOString(),
        lastUsedAt: iso(p.lastUsedAt),
      })),
      redemptionLock: { locked: data.lock?.locked ?? false, updatedAt: iso(data.lock?.updatedAt) },
    },
  };
}

/** The CSV file: a header, then one row per ledger entry, oldest first. */
function toActivityCsv(document: DataExportDocument): string {
  const rows = document.ledger.map((entry) => [
    entry.createdAt,
    entry.points,
    entry.reason,
    entry.source,
    entry.details?.partnerKind ?? '',
    entry.details?.partnerName ?? '',
    entry.details?.storeName ?? '',
    pounds(entry.details?.spendPence),
    entry.details ? pounds(entry.details.savingPence) : '',
    entry.cardNumber ?? '',
    entry.id,
  ]);
  return stringify(rows, { header: true, columns: [...ACTIVITY_CSV_COLUMNS], record_delimiter: 'windows' });
}

/** The download's name: the scheme and the day it was prepared ("nectar-data-2026-11-26.zip"). */
const fileNameOf = (readyAt: Date) => `${brand.slug}-data-${readyAt.toISOString().slice(0, 10)}.zip`;

export function createDataExportService(deps: DataExportDeps) {
  const { db, clock } = deps;

  /** The refusal for a link, or undefined when `collectorId` may use it now. */
  const refusalOf = (row: repo.DataExportSummary | undefined, collectorId: string, now: Date) => {
    if (!row || row.status === 'PREPARING' || row.status === 'FAILED') {
      return new AppError(404, 'DATA_EXPORT_LINK_NOT_FOUND', m.linkNotFound);
    }
    if (row.collectorId !== collectorId)
      return new AppError(403, 'DATA_EXPORT_LINK_NOT_YOURS', m.linkNotYours);
    if (row.status === 'DOWNLOADED') return new AppError(410, 'DATA_EXPORT_LINK_USED', m.linkUsed);
    if (!row.expiresAt || row.expiresAt <= now)
      return new AppError(410, 'DATA_EXPORT_LINK_EXPIRED', m.linkExpired);
    return undefined;
  };

  /**
   * The two files and the claims' receipts in one zip (fflate, deflate level 6). The receipts are the ones the
   * JSON lists, read now: a photo is not copied into the prepared files.
   */
  async function zipOf(collectorId: string, exportJson: string, activityCsv: string): Promise<Uint8Array> {
    const listed = (JSON.parse(exportJson) as Pick<DataExportDocument, 'claims'>).claims.filter(
      (claim) => claim.receipt,
    );
    const receipts = await repo.receiptsOf(
      db,
      collectorId,
      listed.map((claim) => claim.id),
    );
    // Loaded when an export is zipped, not at the server's start.
    const { strToU8, zipSync } = await import('fflate');
    const files: Record<string, Uint8Array> = {
      [DATA_EXPORT_FILES.json]: strToU8(exportJson),
      [DATA_EXPORT_FILES.csv]: strToU8(activityCsv),
    };
    for (const receipt of receipts) {
      const file = listed.find((claim) => claim.id === receipt.claimId)?.receipt?.file;
      if (file) files[file] = new Uint8Array(receipt.content);
    }
    return zipSync(files, { level: 6 });
  }

  return {
    async state(collectorId: string): Promise<DataExportState> {
      return stateOf(await repo.latestRequest(db, collectorId), clock.now());
    },

    /** Asks for a copy: at most one request a day (a failed one does not count); the job prepares it. */
    async request(collectorId: string): Promise<DataExportState> {
      const now = clock.now();
      const since = new Date(now.getTime() - DATA_EXPORT_REQUEST_EVERY_HOURS * HOUR_MS);
      const result = await repo.insertUnlessRecent(
        db,
        collectorId,
        now,
        since,
        (row) => row.status !== 'FAILED' && !gaveUp(row, now),
      );
      if (!result.created) {
        throw new AppError(429, 'DATA_EXPORT_TOO_SOON', m.tooSoon(nextRequestAt(result.row).toISOString()));
      }
      await deps.enqueue(result.row.id);
      return stateOf(result.row, now);
    },

    /**
     * The prepare-data-export job: reads everything held about the member in one snapshot, stores the two
     * files and a hash of a new link's token, and emails the link. A retry after the email went does nothing;
     * a retry before it makes a new token (the old one was never sent).
     */
    async prepare(exportId: string) {
      const request = await repo.findRequest(db, exportId);
      if (!request || request.emailedAt || (request.status !== 'PREPARING' && request.status !== 'READY'))
        return;
      const preparedAt = clock.now();
      const data = await db.transaction((tx) => repo.readMemberData(tx, request.collectorId, preparedAt), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      const document = toDocument(data, request.requestedAt, preparedAt);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(preparedAt.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS);
      const stored = await repo.storePrepared(db, exportId, {
        tokenHash: hashOf(token),
        exportJson: JSON.stringify(document, null, 2),
        activityCsv: toActivityCsv(document),
        readyAt: preparedAt,
        expiresAt,
      });
      if (!stored || !data.collector?.email) return;
      const link = `${deps.publicUrl}${dataExportDownloadPath(token)}`;
      const subject = m.emailSubject(brand.name);
      await deps.notify.send({
        channel: 'email',
        to: data.collector.email,
        subject,
        text: `Hello ${data.collector.firstName ?? ''},\n\nThe copy of your ${brand.name} data you asked for is ready. Download it here (log in first if you are asked to): ${link}\n\nThe link works once, until ${formatExportTime(expiresAt.toISOString())} (UK time), and only when you are logged in to your account. If you didn't ask for this, call us on ${brand.careline.phone} and change your password.`,
      });
      await repo.markEmailed(db, exportId, clock.now());
    },

    /** Whether the link works for this member now; uses nothing. */
    async check(collectorId: string, token: string): Promise<DataExportLink> {
      const now = clock.now();
      const row = await repo.findByTokenHash(db, hashOf(token));
      const refused = refusalOf(row, collectorId, now);
      if (refused || !row?.expiresAt || !row.readyAt) throw refused ?? new Error('unreachable');
      const zip = await zipOf(row.collectorId, row.exportJson ?? '', row.activityCsv ?? '');
      return {
        fileName: fileNameOf(row.readyAt),
        expiresAt: row.expiresAt.toISOString(),
        sizeBytes: zip.byteLength,
      };
    },

    /** The zip, once: the link is marked used and the files are cleared in the same transaction. */
    async download(collectorId: string, token: string) {
      const now = clock.now();
      const taken = await repo.takeFiles(db, hashOf(token), now, (row) => refusalOf(row, collectorId, now));
      if ('refused' in taken) throw taken.refused;
      return {
        fileName: fileNameOf(taken.files.readyAt),
        zip: await zipOf(collectorId, taken.files.exportJson, taken.files.activityCsv),
      };
    },

    /** The purge-data-exports job: ended links lose their files; old requests are forgotten. */
    async purge() {
      const now = clock.now();
      return repo.purgeEnded(db, now, new Date(now.getTime() - DATA_EXPORT_KEPT_MS));
    },
  };
}
