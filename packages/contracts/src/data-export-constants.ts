/**
 * "Download my data" (docs/decisions/044-download-my-data.md): a member asks for a copy of
 * everything held about them; it is prepared in the background and handed over once through an emailed link
 * that works for 24 hours, only for that member, signed in. The wording is ours: the specs have no such page.
 * No zod in this file, so a page that imports it loads no schema (the payloads are in data-export.ts).
 */

/** A prepared copy can be downloaded for this long after it is ready. */
export const DATA_EXPORT_LINK_HOURS = 24;
/** One request per this many hours (rolling, from the last request that did not fail). */
export const DATA_EXPORT_REQUEST_EVERY_HOURS = 24;

/** While a copy is being prepared, the page asks again this often, so it shows "ready" without a reload. */
export const DATA_EXPORT_POLL_MS = 4_000;

/** The files inside the download. */
export const DATA_EXPORT_FILES = { json: 'your-data.json', csv: 'activity.csv' } as const;

/** "14:05 on 27 November 2026", in UK time, for the messages below (server and page say the same). */
export const formatExportTime = (iso: string) => {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
  });
  const day = at.toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `${time} on ${day}`;
};

export const dataExportMessages = {
  title: 'Download your data',
  intro:
    'Get a copy of everything we hold about you: your profile, contact preferences, cards, points activity, offers, vouchers, claims, goal, devices and security log.',
  formats:
    'You get one zip file with all of it as JSON (for computers) and your points activity as CSV (opens in a spreadsheet).',
  ask: 'Ask for a copy of your data',
  asked:
    "We're preparing a copy of your data. We'll email you a link to download it, usually within a few minutes.",
  preparing: "We're preparing a copy of your data. We'll email you a link when it's ready.",
  ready: (expiresAt: string) =>
    `Your data is ready. We've emailed you a link to download it. The link works once, until ${formatExportTime(expiresAt)}.`,
  downloaded: (at: string) => `You downloaded your data at ${formatExportTime(at)}.`,
  expired: 'Your last download link has expired. You can ask for a new copy of your data.',
  failed: "We couldn't prepare your data. Please ask again, or call us if it keeps happening.",
  tooSoon: (nextAt: string) =>
    `You can ask for a copy of your data once a day. You can ask again from ${formatExportTime(nextAt)}.`,
  oncePerDay:
    'You can ask once a day. The link we email you works once, for 24 hours, and only when you are logged in.',
  download: 'Download your data',
  downloadReady: (expiresAt: string) =>
    `Your copy is ready. The link works once, until ${formatExportTime(expiresAt)}. Keep the file somewhere safe: it holds your personal details.`,
  downloadDone: 'Your download has started. This link has now been used.',
  linkUsed:
    'This download link has already been used. You can ask for a new copy of your data from your account.',
  linkExpired:
    'This download link has expired: links work for 24 hours. You can ask for a new copy of your data from your account.',
  linkNotYours:
    'This download link belongs to another account. Log out, then log in as the account holder to use it.',
  linkNotFound: "We couldn't find this download link. Check you copied the whole link from the email.",
  emailSubject: (scheme: string) => `Your ${scheme} data is ready to download`,
} as const;

/** The states of the member's latest request, as the page shows them. */
export const DATA_EXPORT_STATES = ['NONE', 'PREPARING', 'READY', 'DOWNLOADED', 'EXPIRED', 'FAILED'] as const;

/** The CSV file's columns (activity.csv), one row per ledger entry, oldest first. */
export const ACTIVITY_CSV_COLUMNS = [
  'date',
  'points',
  'reason',
  'source',
  'partner_type',
  'partner',
  'store',
  'spend_gbp',
  'saving_gbp',
  'card_number',
  'transaction_id',
] as const;
