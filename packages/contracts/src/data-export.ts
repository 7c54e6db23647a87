import { z } from 'zod';
import { DATA_EXPORT_STATES } from './data-export-constants.ts';

/**
 * "Download my data" (docs/decisions/044-download-my-data.md): the payloads. Wording, limits
 * and file names are in data-export-constants.ts (no zod there, so the pages load no schema).
 */

/** What the account page shows: the member's latest request. */
export const dataExportStateSchema = /* @__PURE__ */ (() =>
  z.object({
    state: z.enum(DATA_EXPORT_STATES),
    requestedAt: z.string().nullable(),
    /** When the link stops working (READY), or stopped (EXPIRED). */
    expiresAt: z.string().nullable(),
    downloadedAt: z.string().nullable(),
    /** When the member may ask again; null when they may ask now. */
    nextRequestAt: z.string().nullable(),
  }))();
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** The link's token, from the emailed link (43 base64url characters); in the body, so it is not in access logs. */
export const dataExportTokenSchema = /* @__PURE__ */ (() =>
  z.object({
    token: z
      .string()
      .min(20)
      .max(128)
      .regex(/^[\w-]+$/, 'must be the token from the link'),
  }))();

/** POST /data-export-api/downloads/check: the link is the member's, unused and current. */
export const dataExportLinkSchema = /* @__PURE__ */ (() =>
  z.object({
    fileName: z.string(),
    expiresAt: z.string(),
    sizeBytes: z.number().int().min(0),
  }))();
export type DataExportLink = z.infer<typeof dataExportLinkSchema>;

const at = /* @__PURE__ */ (() => z.string().nullable())();

/**
 * The JSON file of the download (your-data.json), version 1. Holds no secret: no password hash, no token or
 * code (hashed or not), no session id, no passkey public key.
 */
export const dataExportDocumentSchema = /* @__PURE__ */ (() =>
  z.object({
    format: z.literal('data-export/1'),
    scheme: z.string(),
    requestedAt: z.string(),
    preparedAt: z.string(),
    profile: z.object({
      title: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      mobile: z.object({ countryCode: z.string().nullable(), number: z.string().nullable() }),
      memorableName: z.string().nullable(),
      accountKind: z.string(),
      status: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      addresses: z.array(
        z.object({ lines: z.array(z.string()), postcode: z.string(), createdAt: z.string() }),
      ),
      business: z
        .object({
          name: z.string(),
          category: z.string(),
          employees: z.string(),
          businessOffersOptIn: z.boolean().nullable(),
        })
        .nullable(),
    }),
    consents: z.object({
      contactPreferences: z
        .object({
          byEmail: z.boolean(),
          bySms: z.boolean(),
          byPost: z.boolean(),
          byPhone: z.boolean(),
          onlineAdvertising: z.boolean(),
          updatedAt: z.string(),
        })
        .nullable(),
      agreements: z.array(z.object({ kind: z.string(), wordingVersion: z.string(), agreedAt: z.string() })),
    }),
    cards: z.array(
      z.object({
        number: z.string(),
        kind: z.string(),
        status: z.string(),
        issuedAt: z.string(),
        expiresAt: at,
      }),
    ),
    cardReplacements: z.array(
      z.object({
        oldNumber: z.string().nullable(),
        newNumber: z.string(),
        reason: z.string(),
        cardType: z.string(),
        createdAt: z.string(),
      }),
    ),
    ledger: z.array(
      z.object({
        id: z.string(),
        createdAt: z.string(),
        points: z.number().int(),
        reason: z.string(),
        source: z.string(),
        cardNumber: z.string().nullable(),
        details: z
          .object({
            partnerKind: z.string(),
            partnerName: z.string(),
            storeName: z.string().nullable(),
            spendPence: z.number().int().nullable(),
            savingPence: z.number().int(),
            receiptId: z.string().nullable(),
            receiptLines: z.array(z.record(z.string(), z.unknown())).nullable(),
            voucherId: z.string().nullable(),
          })
          .nullable(),
      }),
    ),
    offers: z.array(
      z.object({
        offerId: z.string(),
        title: z.string(),
        sponsor: z.string(),
        state: z.string(),
        saved: z.boolean(),
        assignedAt: z.string(),
        savedAt: at,
        firstSeenAt: at,
        updatedAt: z.string(),
      }),
    ),
    vouchers: z.array(
      z.object({
        id: z.string(),
        rewardId: z.string(),
        partnerName: z.string(),
        itemDescription: z.string(),
        points: z.number().int(),
        voucherCode: z.string(),
        used: z.boolean().nullable(),
        createdAt: z.string(),
        expiresAt: z.string(),
        transactionId: z.string().nullable(),
      }),
    ),
    linkedPartners: z.object({
      links: z.array(
        z.object({
          partnerId: z.string(),
          partnerAccount: z.string(),
          cardNumber: z.string(),
          linkType: z.string(),
          linkedAt: z.string(),
          unlinkedAt: at,
        }),
      ),
      conversions: z.array(
        z.object({
          id: z.string(),
          partnerId: z.string(),
          conversionType: z.string(),
          pointsGiven: z.number().int(),
          pointsReceived: z.number().int(),
          status: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
    /** Missing-points claims; a receipt the member sent is in the zip too, at `receipt.file`. */
    claims: z.array(
      z.object({
        id: z.string(),
        partner: z.string(),
        purchasedOn: z.string(),
        spendPence: z.number().int(),
        reference: z.string(),
        status: z.string(),
        pointsGranted: z.number().int().nullable(),
        transactionId: z.string().nullable(),
        note: z.string().nullable(),
        createdAt: z.string(),
        settledAt: at,
        receipt: z
          .object({ mediaType: z.string(), sizeBytes: z.number().int(), file: z.string() })
          .nullable(),
      }),
    ),
    /** Purchases a partner has told us of whose points are on their way (posted on `expectedOn`). */
    pointsOnTheirWay: z.array(
      z.object({
        partner: z.string(),
        purchasedOn: z.string(),
        spendPence: z.number().int(),
        reference: z.string(),
        points: z.number().int(),
        expectedOn: z.string(),
        postedAt: at,
        transactionId: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    goal: z
      .object({
        kind: z.string(),
        rewardId: z.string(),
        conversionPoints: z.number().int().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      })
      .nullable(),
    feedback: z.array(
      z.object({
        type: z.string(),
        topic: z.string(),
        subject: z.string().nullable(),
        text: z.string(),
        createdAt: z.string(),
      }),
    ),
    sessions: z.array(
      z.object({
        createdAt: z.string(),
        lastSeenAt: z.string(),
        expiresAt: z.string(),
        device: z.string(),
        userAgent: z.string().nullable(),
      }),
    ),
    security: z.object({
      accountLog: z.array(
        z.object({
          type: z.string(),
          createdAt: z.string(),
          device: z.string(),
          ip: z.string().nullable(),
          userAgent: z.string().nullable(),
          detail: z.record(z.string(), z.unknown()),
        }),
      ),
      knownDevices: z.array(z.object({ app: z.string(), firstSeenAt: z.string(), lastSeenAt: z.string() })),
      passkeys: z.array(
        z.object({
          name: z.string(),
          device: z.string(),
          backedUp: z.boolean(),
          transports: z.array(z.string()),
          createdAt: z.string(),
          lastUsedAt: at,
        }),
      ),
      redemptionLock: z.object({ locked: z.boolean(), updatedAt: at }),
    }),
  }))();
export type DataExportDocument = z.infer<typeof dataExportDocumentSchema>;
