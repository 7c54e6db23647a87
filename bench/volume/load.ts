/**
 * The data-volume benchmark's loader (ADR 036): a PostgreSQL database migrated by the app's own
 * migrations, then members and their ledger written with COPY FROM STDIN. Rows are made from a seeded random
 * source, so two loads of one size hold the same members.
 *
 * What a member is here is what registration makes (collector, digital card, credential, contact preferences, two
 * consents, an address, the offer catalogue's states), plus a ledger spread as members' ledgers are: most have a
 * few entries, some many (log-normal, median about 10, mean 20 at the default size), over two years, each entry
 * of a member later than the one before, a spend only when the balance holds it, and a voucher and the activity
 * details (partner, store, money spent, savings, one receipt in five shops) where the app writes them.
 *
 * Ids and idempotency keys count up in the order rows are written, so the unique indexes are appended to as they
 * would be over time; a batch of members' entries is written in date order, so one member's entries lie on
 * different pages, as after two years of shopping.
 */
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CARD_PREFIX } from '@app/contracts/card-number';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { loadStartData } from '../../apps/server/src/start-data/load-start-data.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { REWARDS } from '../../apps/server/src/modules/vouchers/rewards.ts';
import { redemptionLedgerKey } from '../../apps/server/src/lib/ledger-keys.ts';

export interface VolumeSize {
  members: number;
  ledger: number;
}

/** Every member's password: one argon2id hash, made once per load at production cost, is shared by all. */
export const VOLUME_PASSWORD = 'Volume-bench-2026';

/** The two years the entries are spread over, ending at the load. */
const SPAN_MS = 730 * 86_400_000;
/** Members written per batch: their entries are interleaved by date, so a member's rows spread over pages. */
const BATCH = 5_000;
/** One member in ten is "online": all the offer catalogue's states, as registration gives; the bench reads them. */
export const ONLINE_EVERY = 10;

/** mulberry32: a small seeded generator, so a load is the same every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
/** A version-4-shaped uuid from a kind (first group) and a counter: ascending within a kind. */
const uuidOf = (kind: number, n: number) =>
  `${hex(kind, 8)}-${hex(Math.floor(n / 2 ** 32) & 0xfff, 4)}-4${hex((n >>> 20) & 0xfff, 3)}-8${hex((n >>> 8) & 0xfff, 3)}-${hex(n & 0xff, 2)}${hex(n, 10).slice(-10)}`;

export const collectorIdOf = (member: number) => uuidOf(0x0c011ec7, member);
export const cardNumberOf = (member: number) => `${CARD_PREFIX}7${String(member).padStart(10, '0')}`;
/** The letters a UK postcode's inward code uses. */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
/**
 * A member's postcode: 80,000 of them in North London, about a dozen members to each, as on a real street
 * (about 1.8 million UK postcodes for 30 million addresses), so a search by postcode finds a street's worth.
 */
export const postcodeOf = (member: number) => {
  const letter = (n: number) => INWARD_LETTERS[n % INWARD_LETTERS.length] ?? 'A';
  const street = Math.floor(member / 20);
  return `N${1 + (member % 20)} ${street % 10}${letter(Math.floor(street / 10))}${letter(Math.floor(street / 200))}`;
};
const ledgerIdOf = (n: number) => uuidOf(0x1ed6e500, n);
const voucherIdOf = (n: number) => uuidOf(0x70c4e500, n);
const receiptIdOf = (n: number) => uuidOf(0x7ece1900, n);
const consentIdOf = (n: number) => uuidOf(0xc0115e00, n);
const addressIdOf = (n: number) => uuidOf(0xadd7e500, n);
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A voucher code unique by construction: 'V' and the counter in the app's alphabet, 12 characters. */
const voucherCodeOf = (n: number) => {
  let code = '';
  for (let rest = n, i = 0; i < 11; i++, rest = Math.floor(rest / 32)) code = CODE_ALPHABET[rest % 32] + code;
  return `V${code}`;
};

/** Entries per member: log-normal (most members few, some many), scaled so they add up to `total`. */
function entryCounts(members: number, total: number, next: () => number): Uint32Array {
  const weights = new Float64Array(members);
  let sum = 0;
  for (let i = 0; i < members; i++) {
    // Box-Muller; sigma 1.2 gives a median about half the mean and a p99 about eight times it.
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    weights[i] = Math.exp(1.2 * normal);
    sum += weights[i] ?? 0;
  }
  const counts = new Uint32Array(members);
  let carry = 0;
  for (let i = 0; i < members; i++) {
    const exact = ((weights[i] ?? 0) * total) / sum + carry;
    counts[i] = Math.floor(exact);
    carry = exact - Math.floor(exact);
  }
  counts[members - 1] = (counts[members - 1] ?? 0) + Math.round(carry);
  return counts;
}

/** COPY's text format: tabs and newlines would need escaping; no value written here has any. */
const line = (values: Array<string | number | boolean | null>) =>
  `${values.map((value) => (value === null ? '\\N' : String(value))).join('\t')}\n`;

/** A COPY FROM STDIN into `table` on its own connection, written in chunks of about 1 MB. */
async function copyInto(url: string, table: string, columns: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Every row is made consistent here: the foreign keys' per-row checks would double the load's time.
  await client.query('SET session_replication_role = replica');
  await client.query('SET synchronous_commit = off');
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  let chunk: string[] = [];
  let size = 0;
  let rows = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    const text = chunk.join('');
    chunk = [];
    size = 0;
    if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
  };
  return {
    rows: () => rows,
    async write(values: Array<string | number | boolean | null>) {
      const text = line(values);
      chunk.push(text);
      size += text.length;
      rows += 1;
      if (size > 1_000_000) await flush();
    },
    async end() {
      await flush();
      await new Promise<void>((resolve, reject) => {
        stream.once('finish', resolve);
        stream.once('error', reject);
        stream.end();
      });
      await client.end();
    },
  };
}

/** The tables the loader fills, in the order TRUNCATE lists them (it cascades anyway). */
const LOADED_TABLES = [
  'transaction_details',
  'vouchers',
  'points_ledger',
  'collector_offers',
  'collector_addresses',
  'consents',
  'contact_preferences',
  'credentials',
  'sessions',
  'cards',
  'collectors',
];

/** What the last finished load wrote, if the database still holds it: a load that stopped half-way has no row. */
export async function loadedSize(url: string): Promise<VolumeSize | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(MARKER_TABLE);
    const { rows } = await client.query<{ members: number; ledger: string }>(
      'SELECT members, ledger FROM bench_volume_load',
    );
    const marker = rows[0];
    if (!marker) return undefined;
    const { rows: counted } = await client.query<{ n: string }>('SELECT count(*) AS n FROM collectors');
    return Number(counted[0]?.n) === marker.members
      ? { members: marker.members, ledger: Number(marker.ledger) }
      : undefined;
  } finally {
    await client.end();
  }
}

/** The loader's own table, beside the app's: the size of the last load that finished. */
const MARKER_TABLE =
  'CREATE TABLE IF NOT EXISTS bench_volume_load (members integer NOT NULL, ledger bigint NOT NULL)';

/** Creates the database if needed and migrates it with the app's migrations and start data (no demo members). */
export async function prepareDatabase(adminUrl: string, name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    prepare: (db) => loadStartData(db, { demoData: false }),
  });
  await handle.close();
  return url.toString();
}

const SHOPS = [
  'Holborn',
  'Camden',
  'Leeds Central',
  'Bristol Harbourside',
  'Glasgow Fort',
  'Croydon',
  'York',
];
const PARTNERS = [
  ['argos', 'Argos'],
  ['ebay', 'eBay'],
  ['habitat', 'Habitat'],
  ['tu', 'Tu Clothing'],
] as const;
const OFFER_STATES = ['LOADED', 'UNLOADED', 'PINNED', 'HIDDEN'] as const;
const SPEND = REWARDS.filter((reward) => reward.points > 0);

/** Loads `size` into the migrated database at `url`, after emptying the tables it fills. */
export async function load(url: string, size: VolumeSize, log: (text: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const offerIds = (await client.query<{ id: string }>('SELECT id FROM offers ORDER BY id')).rows.map(
    (row) => row.id,
  );
  await client.query(MARKER_TABLE);
  await client.query('DELETE FROM bench_volume_load');
  await client.query(`TRUNCATE ${LOADED_TABLES.join(', ')} CASCADE`);
  await client.end();

  const passwordHash = await hashPassword(VOLUME_PASSWORD);
  const next = random(35_007);
  const perMember = entryCounts(size.members, size.ledger, next);
  const now = Date.now();
  const started = performance.now();

  const collectors = await copyInto(url, 'collectors', [
    'id',
    'title',
    'first_name',
    'last_name',
    'email',
    'date_of_birth',
    'phone_country_code',
    'phone_number',
    'account_kind',
    'status',
    'created_at',
    'updated_at',
  ]);
  const cards = await copyInto(url, 'cards', ['number', 'collector_id', 'kind', 'status', 'issued_at']);
  const credentials = await copyInto(url, 'credentials', ['collector_id', 'password_hash', 'updated_at']);
  const preferences = await copyInto(url, 'contact_preferences', [
    'collector_id',
    'by_email',
    'by_sms',
    'by_post',
    'by_phone',
    'online_advertising',
    'updated_at',
  ]);
  const consents = await copyInto(url, 'consents', [
    'id',
    'collector_id',
    'kind',
    'wording_version',
    'agreed_at',
  ]);
  const addresses = await copyInto(url, 'collector_addresses', [
    'id',
    'collector_id',
    'lines',
    'postcode',
    'created_at',
  ]);
  const offers = await copyInto(url, 'collector_offers', [
    'collector_id',
    'offer_id',
    'state',
    'is_bookmarked',
    'assigned_at',
    'saved_at',
    'updated_at',
  ]);
  const ledger = await copyInto(url, 'points_ledger', [
    'id',
    'collector_id',
    'card_number',
    'amount',
    'reason',
    'source',
    'idempotency_key',
    'created_at',
  ]);
  const details = await copyInto(url, 'transaction_details', [
    'ledger_entry_id',
    'collector_id',
    'partner_kind',
    'partner_name',
    'store_name',
    'spend_pence',
    'saving_pence',
    'receipt_id',
    'receipt_lines',
    'voucher_id',
  ]);
  const vouchers = await copyInto(url, 'vouchers', [
    'id',
    'collector_id',
    'reward_id',
    'points',
    'request_key',
    'voucher_code',
    'partner_name',
    'item_description',
    'ledger_entry_id',
    'used',
    'created_at',
    'expires_at',
  ]);

  let entry = 0;
  let receipt = 0;
  let voucher = 0;
  const iso = (ms: number) => new Date(ms).toISOString();
  for (let first = 0; first < size.members; first += BATCH) {
    const last = Math.min(size.members, first + BATCH);
    type Entry = { at: number; write: () => Promise<void> };
    const batch: Entry[] = [];
    for (let member = first; member < last; member++) {
      const id = collectorIdOf(member);
      const card = cardNumberOf(member);
      const joined = now - SPAN_MS - next() * 3 * 365 * 86_400_000;
      const joinedAt = iso(joined);
      await collectors.write([
        id,
        next() < 0.5 ? 'Ms' : 'Mr',
        `Member${member}`,
        `Volume${member % 997}`,
        `member${member}@volume.example`,
        `19${50 + (member % 50)}-0${1 + (member % 9)}-1${member % 10}`,
        '+44',
        `07${String(member).padStart(9, '0')}`,
        'consumer',
        'active',
        joinedAt,
        joinedAt,
      ]);
      await cards.write([card, id, 'digital', 'active', joinedAt]);
      await credentials.write([id, passwordHash, joinedAt]);
      await preferences.write([id, next() < 0.4, next() < 0.2, false, false, true, joinedAt]);
      await consents.write([consentIdOf(2 * member), id, 'collector-rules', '2026-01', joinedAt]);
      await consents.write([consentIdOf(2 * member + 1), id, 'privacy-policy', '2026-01', joinedAt]);
      await addresses.write([
        addressIdOf(member),
        id,
        JSON.stringify([`${1 + (member % 200)} Volume Street`, 'London']),
        postcodeOf(member),
        joinedAt,
      ]);
      // Online members hold the whole catalogue (registration's starter set); the others a few offers.
      const online = member % ONLINE_EVERY === 0;
      const held = online ? offerIds : offerIds.filter(() => next() < 6 / offerIds.length);
      for (const offerId of held) {
        const coalition = offerId.startsWith('coalition-');
        const acted = next() < 0.3;
        const state = coalition
          ? acted
            ? 'OPTEDIN'
            : 'NOTOPTEDIN'
          : acted
            ? (OFFER_STATES[Math.floor(next() * 4)] ?? 'LOADED')
            : 'UNLOADED';
        const saved = next() < 0.05;
        await offers.write([id, offerId, state, saved, joinedAt, saved ? joinedAt : null, joinedAt]);
      }

      // The member's entries in date order, so the balance never goes below zero.
      const n = perMember[member] ?? 0;
      const times = Array.from({ length: n }, () => now - next() * SPAN_MS).sort((a, b) => a - b);
      let balance = 0;
      for (const at of times) {
        const ledgerId = ledgerIdOf(entry);
        const key = `volume:${String(entry).padStart(12, '0')}`;
        entry += 1;
        const createdAt = iso(at);
        const roll = next();
        const affordable = SPEND.filter((reward) => reward.points <= balance);
        if (affordable.length > 0 && roll < 0.06) {
          const reward = affordable[Math.floor(next() * affordable.length)];
          if (!reward) continue;
          balance -= reward.points;
          const voucherId = voucherIdOf(voucher);
          const code = voucherCodeOf(voucher);
          voucher += 1;
          const requestKey = `volume-${voucher}`;
          batch.push({
            at,
            write: async () => {
              await ledger.write([
                ledgerId,
                id,
                null,
                -reward.points,
                `Spent: ${reward.itemDescription}`,
                'offers-api:redemption',
                redemptionLedgerKey(id, requestKey),
                createdAt,
              ]);
              await vouchers.write([
                voucherId,
                id,
                reward.id,
                reward.points,
                requestKey,
                code,
                reward.partnerName,
                reward.itemDescription,
                ledgerId,
                next() < 0.5 ? true : null,
                createdAt,
                iso(at + 90 * 86_400_000),
              ]);
              await details.write([
                ledgerId,
                id,
                'REDEMPTION',
                reward.partnerName,
                null,
                null,
                0,
                null,
                null,
                voucherId,
              ]);
            },
          });
          continue;
        }
        let amount: number;
        let write: () => Promise<void>;
        if (roll < 0.46) {
          // A shop at the retailer: a point per pound and then some, member-price savings, a receipt in five.
          const spendPence = 500 + Math.floor(next() * 11_500);
          amount = Math.max(1, Math.round((spendPence / 100) * 2));
          const saving = next() < 0.4 ? Math.floor(next() * 600) : 0;
          const receiptId = next() < 0.2 ? receiptIdOf(receipt++) : null;
          const store = SHOPS[Math.floor(next() * SHOPS.length)] ?? 'Holborn';
          write = async () => {
            await ledger.write([ledgerId, id, card, amount, 'Shopping', 'sainsburys-till', key, createdAt]);
            await details.write([
              ledgerId,
              id,
              'RETAILER',
              "Sainsbury's",
              store,
              spendPence,
              saving,
              receiptId,
              receiptId
                ? JSON.stringify([
                    { description: 'Groceries', quantity: 1, pricePence: spendPence, savingPence: saving },
                  ])
                : null,
              null,
            ]);
          };
        } else if (roll < 0.56) {
          const spendPence = 2_000 + Math.floor(next() * 8_000);
          amount = Math.round(spendPence / 100);
          write = async () => {
            await ledger.write([ledgerId, id, card, amount, 'Fuel', 'esso-forecourt', key, createdAt]);
            await details.write([
              ledgerId,
              id,
              'FUEL',
              'Esso',
              'Esso Holborn',
              spendPence,
              0,
              null,
              null,
              null,
            ]);
          };
        } else if (roll < 0.8) {
          const [slug, name] = PARTNERS[Math.floor(next() * PARTNERS.length)] ?? PARTNERS[0];
          amount = 50 + Math.floor(next() * 450);
          write = () =>
            ledger.write([ledgerId, id, card, amount, `Collected at ${name}`, slug, key, createdAt]);
        } else {
          amount = 100 * (1 + Math.floor(next() * 20));
          write = () =>
            ledger.write([ledgerId, id, null, amount, 'Bonus offer', 'offers-api', key, createdAt]);
        }
        balance += amount;
        batch.push({ at, write });
      }
    }
    batch.sort((a, b) => a.at - b.at);
    for (const item of batch) await item.write();
    if (first % (BATCH * 20) === 0 || last === size.members) {
      const seconds = (performance.now() - started) / 1000;
      log(
        `  ${last.toLocaleString('en-GB')} members, ${ledger.rows().toLocaleString('en-GB')} entries (${seconds.toFixed(0)} s)`,
      );
    }
  }
  const streams = [
    collectors,
    cards,
    credentials,
    preferences,
    consents,
    addresses,
    offers,
    ledger,
    details,
    vouchers,
  ];
  for (const stream of streams) await stream.end();

  const finish = new pg.Client({ connectionString: url });
  await finish.connect();
  try {
    const vacuumStarted = performance.now();
    await finish.query(
      'VACUUM (ANALYZE) collectors, cards, collector_addresses, points_ledger, transaction_details, vouchers, collector_offers',
    );
    log(`  VACUUM (ANALYZE) in ${((performance.now() - vacuumStarted) / 1000).toFixed(0)} s`);
    await finish.query('INSERT INTO bench_volume_load (members, ledger) VALUES ($1, $2)', [
      size.members,
      ledger.rows(),
    ]);
  } finally {
    await finish.end();
  }
  log(
    `  loaded ${size.members.toLocaleString('en-GB')} members, ${ledger.rows().toLocaleString('en-GB')} entries, ` +
      `${details.rows().toLocaleString('en-GB')} activity details, ${vouchers.rows().toLocaleString('en-GB')} vouchers, ` +
      `${offers.rows().toLocaleString('en-GB')} offer states in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}
