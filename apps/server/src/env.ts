import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_POINTS_LIMITS, STAFF_ROLES, type StaffRole } from '@app/contracts/staff';
import { BrandFileError, loadBrand, type ChosenBrand } from './chosen-brand.ts';
import { SANDBOX_HOTELS_LOGOUT_PATHS, type Integrations } from '@app/contracts/integrations';

/** One or more `role:perChange/perDay`, comma separated, for the staff roles of the contracts. */
const STAFF_LIMIT = `(${STAFF_ROLES.join('|')}):\\d+/\\d+`;
const STAFF_LIMITS_SETTING = new RegExp(`^${STAFF_LIMIT}(,${STAFF_LIMIT})*$`);

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((value) => value === 'true' || value === '1' || value === 'on');

/** Metrics are on when asked, or when a way to reach them is given (ADR 035). */
const metricsOn = (env: { METRICS?: boolean; METRICS_TOKEN?: string; METRICS_PORT?: number }) =>
  env.METRICS ?? Boolean(env.METRICS_TOKEN || env.METRICS_PORT !== undefined);

/** An address a page loads: absolute http(s), or a path on this server. */
const pageAddress = z
  .string()
  .refine((value) => /^https?:\/\/[^\s]+$/.test(value) || /^\/[^/\s][^\s]*$/.test(value), {
    message: 'must be an http(s) URL or a path starting with /',
  });
/** An optional page address: unset or empty is off. */
const optionalPageAddress = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(pageAddress.optional());

/** Every setting the server reads (docs/settings.md lists them all). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    /** Loopback unless set: a machine's other addresses (a LAN, a container's network) only when asked. */
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BOT_CHECK: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
    /**
     * The proof of work's size: the most attempts a challenge takes (three quarters of it at the least), each a
     * PBKDF2-SHA-256 of 1,000 iterations. 3,000 costs a script at least 0.3 s of a core and a phone's page, four
     * workers at once, about half a second at worst (ADR 052; `npm run bench` measures both).
     */
    BOT_CHECK_COST: z.coerce.number().int().min(1).max(1_000_000).default(3_000),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** The sender of emails; the brand's name at no-reply@{name}.localhost when unset. */
    MAIL_FROM: z.string().min(3).optional(),
    /** The scheme's brand (ADR 028): a JSON file of name, colours, typeface, logo, card image, careline, hosts. */
    BRAND_FILE: z.string().trim().min(1).optional(),
    /** A postcode-address service for registration's address find; the bundled set when unset. */
    ADDRESS_LOOKUP_URL: z.url().optional(),
    /**
     * Which X-Forwarded-For hops to believe: unset or false for none, a number for that many proxies
     * in front, or a comma-separated list of proxy addresses/CIDR ranges. `true` (any hop) is refused.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value || value === 'false' || value === '0' || value === 'off') return false as const;
        if (/^\d+$/.test(value)) return Number(value);
        if (value === 'true' || value === 'on') {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be a hop count (e.g. 1) or a list of proxy addresses, not true: any client could set X-Forwarded-For',
          });
          return z.NEVER;
        }
        const list = value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        if (list.some((item) => !/^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(item))) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be a hop count or comma-separated IP addresses/CIDR ranges',
          });
          return z.NEVER;
        }
        return list;
      }),
    /** Tester tools (/dev/session, /dev/outbox): only with DEV_TOOLS=on, and never in production. */
    DEV_TOOLS: bool.default(false),
    /**
     * The sandbox till at /till and its calls (/dev/till/*) without the other tester tools: for partner developers
     * on a staging server. On with DEV_TOOLS too; it needs the demo data's sandbox clients.
     */
    TILL_SANDBOX: bool.default(false),
    /**
     * The staff console's points limits, per role: `agent:1000/3000,supervisor:10000/30000,admin:50000/200000`
     * (one change / a day); a role left out keeps its default.
     */
    STAFF_POINTS_LIMITS: z
      .string()
      .regex(STAFF_LIMITS_SETTING, 'role:perChange/perDay, comma separated')
      .optional(),
    /**
     * The staff console's own origin (`https://console.example.com`): the console and /staff-api answer only
     * there, never on the member's site; unset, they answer at PUBLIC_URL under /console/.
     */
    CONSOLE_ORIGIN: z.url().optional(),
    /** The API reference at /docs and /openapi.json; default on outside production, off in production. */
    API_DOCS: bool.optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    WEB_DIST_DIR: z.string().min(1).optional(),
    /** Where the built staff console is served from (docs/staff-console.md "The console"). */
    CONSOLE_DIST_DIR: z.string().min(1).optional(),
    /** Device 2FA at sign-in on a device not seen before; default on in production only. */
    DEVICE_2FA: bool.optional(),
    /** The demo members (README "Demo account") on an empty database; default on outside production. */
    DEMO_DATA: bool.optional(),
    /** The identity provider adds a new signing key at start-up when the newest is older than this. */
    OIDC_SIGNING_KEY_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /**
     * Partner clients of the identity provider (ADR 017): a JSON file of client declarations; none when
     * unset.
     */
    OIDC_CLIENTS_FILE: z
      .string()
      .trim()
      .min(1)
      .optional()
      .refine((file) => file === undefined || (existsSync(file) && statSync(file).isFile()), {
        message: 'must name an existing JSON file of partner clients ({"clients": [...]}), see README',
      }),
    /**
     * Linked partners (ADR 013): a real partner API per partner; the in-product sandbox partner when unset.
     */
    AIRLINE_PARTNER_API_URL: z.url().optional(),
    HOTEL_PARTNER_API_URL: z.url().optional(),
    /**
     * The hotel partner's two logout addresses, loaded on logout while the hotels-logout switch is on (comma
     * list; empty for none): the sandbox partner's by default.
     */
    HOTELS_LOGOUT_URLS: z
      .string()
      .default(SANDBOX_HOTELS_LOGOUT_PATHS.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(pageAddress)),
    /** Third parties loaded only with marketing consent; each off while unset or empty. */
    OFFER_TRACKING_URL: optionalPageAddress,
    MARKETING_SCRIPT_URL: optionalPageAddress,
    SOCIAL_PIXEL_URL: optionalPageAddress,
    PARTNER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    /** A conversion PENDING this long is settled (reversed, refunded); default 2 x PARTNER_TIMEOUT_MS + 30 s. */
    CONVERSION_SETTLE_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).optional(),
    /**
     * Shared limits (ADR 032): per-client rate limits counted in this Redis or Valkey; in memory when unset.
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    /** Put before every key this server writes in Redis, so deployments can share one server. */
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('lc:'),
    /** Metrics at GET /metrics (ADR 035): off unless on, or unless METRICS_TOKEN or METRICS_PORT is set. */
    METRICS: bool.optional(),
    /** The bearer token a scraper must send for /metrics (on the public port, and on METRICS_PORT too). */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, 'must be 16 to 200 printable characters without spaces')
      .optional(),
    /** A private listener for /metrics only (e.g. 9464), on METRICS_HOST; never the public port. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    METRICS_HOST: z.string().min(1).optional(),
    /** Tracing (ADR 035): spans are sent to this OTLP/HTTP collector (its /v1/traces); none when unset. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .string()
      .regex(
        /^https?:\/\/\S+$/,
        'must be an http:// or https:// URL (the collector, e.g. http://127.0.0.1:4318)',
      )
      .optional(),
    OTEL_SERVICE_NAME: z.string().min(1).max(100).default('loyalty-card'),
    /** PostgreSQL connections per instance (DATABASE_URL only). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1_000).default(10),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    /** The server ends a statement that runs longer (statement_timeout). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /** The client gives up on a statement's answer after this (query_timeout): the network path stalled. */
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
    /** Fastify: the whole request (headers and body) must arrive within this (slow clients). */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** Fastify: a connection with no traffic for this long is closed. */
    HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
    /** Fastify: a request not answered within this gets 503 (every route, from routing to the answer). */
    HTTP_HANDLER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
    /** Graceful shutdown (ADR 034): on SIGTERM /readyz answers 503 this long before the listener closes. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
    /** Past this after SIGTERM the process exits 1, whatever is still running. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** Names this instance in an `X-Instance` header on every answer (a cluster's balancer); none when unset. */
    INSTANCE_NAME: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (metricsOn(env) && !env.METRICS_TOKEN && env.METRICS_PORT === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS'],
        message: 'on needs METRICS_TOKEN (a bearer token) or METRICS_PORT (a private listener)',
      });
    }
    if (env.METRICS_HOST && env.METRICS_PORT === undefined) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_HOST'], message: 'needs METRICS_PORT' });
    }
    if (env.NODE_ENV === 'production' && env.BOT_CHECK === 'off') {
      ctx.addIssue({
        code: 'custom',
        path: ['BOT_CHECK'],
        message: 'must not be off when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && env.DEV_TOOLS) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_TOOLS'],
        message: 'must not be on when NODE_ENV=production',
      });
    }
    if (env.SHUTDOWN_GRACE_MS >= env.SHUTDOWN_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHUTDOWN_GRACE_MS'],
        message: 'must be shorter than SHUTDOWN_TIMEOUT_MS',
      });
    }
    if (env.BOT_CHECK === 'recaptcha') {
      for (const name of ['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when BOT_CHECK=recaptcha' });
      }
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute base URL used in links we send (emails, SMS). */
  publicUrl: string;
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite under dataDir (or in memory) is used. */
  databaseUrl?: string;
  /** Embedded database only: keep it in memory (tests). */
  inMemoryDatabase?: boolean;
  /** Tests only: the clock for rules with a deadline (temporary card expiry); the system clock otherwise. */
  now?: () => Date;
  logLevel: string;
  botCheck: 'altcha' | 'recaptcha' | 'off';
  /** ALTCHA: the most attempts a challenge takes to solve, each a PBKDF2 of 1,000 iterations (BOT_CHECK_COST). */
  botCheckCost: number;
  recaptchaSecret?: string;
  recaptchaSiteKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The brand chosen at start (BRAND_FILE; the built-in brands/nectar.json when unset). */
  brand: ChosenBrand;
  /** GET {url}?postcode=&property= answering {addresses: [{lines, postcode}]} (registration). */
  addressLookupUrl?: string;
  /** The third parties pages load (HOTELS_LOGOUT_URLS, OFFER_TRACKING_URL, MARKETING_SCRIPT_URL, SOCIAL_PIXEL_URL). */
  integrations: Integrations;
  /** Fastify's trustProxy: false, a hop count, or the proxy addresses whose X-Forwarded-For is believed. */
  trustProxy: false | number | string[];
  /** Tester tools (/dev/*) registered: DEV_TOOLS=on outside production. */
  devTools: boolean;
  /** The sandbox till's calls (/dev/till/*): DEV_TOOLS or TILL_SANDBOX on, outside production. */
  tillSandbox: boolean;
  /** What each staff role may add or take on its own, in one change and in a day (STAFF_POINTS_LIMITS). */
  staffPointsLimits: Record<StaffRole, { perChange: number; perDay: number }>;
  /**
   * Where the staff console is served (CONSOLE_ORIGIN, else PUBLIC_URL's origin): its pages, /staff-api and its
   * passkeys' relying party. `ownOrigin` when it is not the member's site.
   */
  console: { origin: string; ownOrigin: boolean };
  /** /docs and /openapi.json served. */
  apiDocs: boolean;
  session: { idleMinutes: number; absoluteHours: number };
  webDistDir: string;
  /** The built staff console, served at /console/ (CONSOLE_DIST_DIR). */
  consoleDistDir: string;
  /** Sign-in: device 2FA on a device not seen before for that collector. */
  device2fa: boolean;
  /** Start-up loads the demo members, plastic cards and sandbox partner accounts (DEMO_DATA). */
  demoData: boolean;
  /** clientsFile: the partner clients' declarations (OIDC_CLIENTS_FILE), resolved; none when unset. */
  oidc: { signingKeyMaxAgeDays: number; clientsFile?: string };
  /** Linked partners: real partner API addresses (sandbox partners otherwise) and the partner call time limit. */
  linkedPartners?: { airlineUrl?: string; hotelUrl?: string; timeoutMs: number; settleAfterMs?: number };
  /** Shared limits (REDIS_URL): rate limits counted in Redis under `keyPrefix`; in memory when absent. */
  redis?: { url: string; keyPrefix: string };
  /** GET /metrics (METRICS*, ADR 035): absent when off; asks for `token` when set; `listen`: a private listener. */
  metrics?: { token?: string; listen?: { host: string; port: number } };
  /** OpenTelemetry tracing (OTEL_*; lib/tracing.ts): absent without an exporter. */
  tracing?: { endpoint: string; serviceName: string };
  /** PostgreSQL pool size and time limits (DATABASE_*; db/database.ts). */
  database: DatabaseSettings;
  /** HTTP time limits (HTTP_*_TIMEOUT_MS): receiving a request, an idle connection, answering a request. */
  http: { requestTimeoutMs: number; connectionTimeoutMs: number; handlerTimeoutMs: number };
  /** SIGTERM: not ready for graceMs, then close; exit 1 past timeoutMs (SHUTDOWN_*_MS; modules/health). */
  shutdown: { graceMs: number; timeoutMs: number };
  /** The `X-Instance` header's value on every answer (INSTANCE_NAME); no header when absent. */
  instanceName?: string;
}

export interface DatabaseSettings {
  poolMax: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  /** Longer than the statement limit, so the server's own limit ends a slow statement first. */
  queryTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
const defaultConsoleDist = path.resolve(import.meta.dirname, '../../console/dist');
/** The built-in brand's file (the same path from apps/server/src and from the bundle in apps/server/dist). */
export const BUILT_IN_BRAND_FILE = path.resolve(import.meta.dirname, '../../../brands/nectar.json');

/** `Harbour Rewards <no-reply@harbour-rewards.localhost>` for a brand without a MAIL_FROM of its own. */
const defaultMailFrom = (name: string) =>
  `${name} <no-reply@${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'mail'
  }.localhost>`;

function readBrand(file: string | undefined): ChosenBrand {
  const resolved = path.resolve(file ?? BUILT_IN_BRAND_FILE);
  try {
    return loadBrand(resolved);
  } catch (error) {
    if (!(error instanceof BrandFileError)) throw error;
    const where = file ? `BRAND_FILE (${resolved})` : `the built-in brand (${resolved})`;
    throw new ConfigError(
      `Invalid configuration:\n  ${error.problems.map((line) => `${where}: ${line}`).join('\n  ')}`,
    );
  }
}

/**
 * A process of a Vitest run (Vitest sets VITEST in each), never with NODE_ENV=production: the only thing that
 * differs there is the test-only password hashing cost (lib/passwords.ts).
 */
export const insideTestRunner = (source: NodeJS.ProcessEnv = process.env) =>
  Boolean(source.VITEST) && source.NODE_ENV !== 'production';

/** Reads and validates the environment once; a bad value throws a ConfigError naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const brand = readBrand(env.BRAND_FILE);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    botCheck: env.BOT_CHECK,
    botCheckCost: env.BOT_CHECK_COST,
    recaptchaSecret: env.RECAPTCHA_SECRET,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? defaultMailFrom(brand.brand.name),
    brand,
    ...(env.ADDRESS_LOOKUP_URL ? { addressLookupUrl: env.ADDRESS_LOOKUP_URL } : {}),
    trustProxy: env.TRUST_PROXY,
    devTools: env.DEV_TOOLS && env.NODE_ENV !== 'production',
    tillSandbox: (env.DEV_TOOLS || env.TILL_SANDBOX) && env.NODE_ENV !== 'production',
    staffPointsLimits: staffPointsLimitsOf(env.STAFF_POINTS_LIMITS),
    console: consoleOf(env.CONSOLE_ORIGIN, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    consoleDistDir: env.CONSOLE_DIST_DIR ? path.resolve(env.CONSOLE_DIST_DIR) : defaultConsoleDist,
    device2fa: env.DEVICE_2FA ?? env.NODE_ENV === 'production',
    demoData: env.DEMO_DATA ?? env.NODE_ENV !== 'production',
    oidc: {
      signingKeyMaxAgeDays: env.OIDC_SIGNING_KEY_MAX_AGE_DAYS,
      ...(env.OIDC_CLIENTS_FILE ? { clientsFile: path.resolve(env.OIDC_CLIENTS_FILE) } : {}),
    },
    integrations: {
      hotelsLogoutUrls: env.HOTELS_LOGOUT_URLS,
      ...(env.OFFER_TRACKING_URL ? { offerTrackingUrl: env.OFFER_TRACKING_URL } : {}),
      ...(env.MARKETING_SCRIPT_URL ? { marketingScriptUrl: env.MARKETING_SCRIPT_URL } : {}),
      ...(env.SOCIAL_PIXEL_URL ? { socialPixelUrl: env.SOCIAL_PIXEL_URL } : {}),
    },
    linkedPartners: {
      airlineUrl: env.AIRLINE_PARTNER_API_URL,
      hotelUrl: env.HOTEL_PARTNER_API_URL,
      timeoutMs: env.PARTNER_TIMEOUT_MS,
      ...(env.CONVERSION_SETTLE_AFTER_MS ? { settleAfterMs: env.CONVERSION_SETTLE_AFTER_MS } : {}),
    },
    ...(env.REDIS_URL ? { redis: { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } } : {}),
    ...(metricsOn(env)
      ? {
          metrics: {
            ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}),
            ...(env.METRICS_PORT !== undefined
              ? { listen: { host: env.METRICS_HOST ?? '127.0.0.1', port: env.METRICS_PORT } }
              : {}),
          },
        }
      : {}),
    ...(env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { tracing: { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME } }
      : {}),
    database: {
      poolMax: env.DATABASE_POOL_MAX,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS ?? env.DATABASE_STATEMENT_TIMEOUT_MS + 1_000,
    },
    http: {
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: env.HTTP_CONNECTION_TIMEOUT_MS,
      handlerTimeoutMs: env.HTTP_HANDLER_TIMEOUT_MS,
    },
    shutdown: { graceMs: env.SHUTDOWN_GRACE_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
    ...(env.INSTANCE_NAME ? { instanceName: env.INSTANCE_NAME } : {}),
  };
}

/** STAFF_POINTS_LIMITS read over the defaults of the contracts. */
function staffPointsLimitsOf(
  setting: string | undefined,
): Record<StaffRole, { perChange: number; perDay: number }> {
  const limits = structuredClone(DEFAULT_POINTS_LIMITS);
  for (const part of setting?.split(',') ?? []) {
    const [role, values = ''] = part.split(':') as [StaffRole, string];
    const [perChange, perDay] = values.split('/').map(Number);
    limits[role] = { perChange: perChange ?? 0, perDay: perDay ?? 0 };
  }
  return limits;
}

/** The console's origin: its own when CONSOLE_ORIGIN names one other than the member's site. */
function consoleOf(consoleOrigin: string | undefined, publicUrl: string) {
  const memberOrigin = new URL(publicUrl).origin;
  const origin = consoleOrigin ? new URL(consoleOrigin).origin : memberOrigin;
  return { origin, ownOrigin: origin !== memberOrigin };
}
