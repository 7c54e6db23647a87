import { brand, type Brand } from './brand.ts';

/**
 * The three environments of docs/product/switches-and-constants.md §S9; a host outside the brand's lists has
 * none.
 */
export type Environment = 'local' | 'preProduction' | 'production';

/**
 * [local, pre-production, production] defaults of the feature switch table
 * (docs/product/switches-and-constants.md §S9).
 */
type Defaults = readonly [local: boolean, preProduction: boolean, production: boolean];

export const SWITCH_TABLE = {
  chatBot: [false, false, false],
  hotelsLogout: [true, true, false],
  picksSection: [false, false, false],
  similarBrands: [true, true, false],
  digitalWeek: [true, true, false],
  deviceId: [true, true, false],
  maintenance: [false, false, false],
  campaignPage: [true, true, false],
  /** 'skip card (skip collector id)'. */
  skipCollectorId: [true, true, true],
  waysToSpend: [true, true, true],
  digitalReceipts: [true, true, false],
  newFeedback: [true, true, true],
  logoutRedirectToIdentityProvider: [true, true, true],
  cms: [false, false, false],
  queenPassing: [false, false, false],
  deleteAccount: [true, true, true],
  business: [true, true, true],
  sniperLink: [true, true, true],
  keyTagStock: [false, false, false],
} as const satisfies Record<string, Defaults>;

export type SwitchName = keyof typeof SWITCH_TABLE;
export const SWITCH_NAMES = Object.keys(SWITCH_TABLE) as SwitchName[];
/**
 * Switches the operator turns on at run time through the remote configuration
 * (docs/product/calls-and-errors.md §S7.8; docs/product/switches-and-constants.md §S9): our server's
 * `GET /anonymous-platform-status-api/remote-config`. Each is on only where the value for the current
 * environment is true, and off when the fetch fails.
 */
export const REMOTE_SWITCH_NAMES = ['maintenance', 'chatBot', 'queenPassing', 'cms'] as const;

/** One remote switch's values, as the remote-config endpoint serves them. */
export interface RemoteSwitchValues {
  local: boolean;
  preProduction: boolean;
  production: boolean;
}
export type RemoteConfig = Partial<Record<string, RemoteSwitchValues>>;
export const REMOTE_CONFIG_PATH = '/anonymous-platform-status-api/remote-config';

/** The URL parameters that turn switches on (comma list of names); both are remembered for later visits. */
export const SWITCHES_PARAM = 'switches';
export const FAUX_SWITCHES_PARAM = 'fauxSwitches';
/** Mirror of the remembered override lists for the server (it decides 404 for gated routes). */
export const SWITCHES_COOKIE = 'lc_switches';

/**
 * Environment from the host name (docs/product/switches-and-constants.md §S9): localhost is local; an unknown
 * host has none.
 */
export function environmentOf(hostname: string, config: Brand = brand): Environment | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1') return 'local';
  if (config.hosts.production.includes(host)) return 'production';
  if (config.hosts.preProduction.includes(host)) return 'preProduction';
  return undefined;
}

const ENV_INDEX: Record<Environment, 0 | 1 | 2> = { local: 0, preProduction: 1, production: 2 };

/** A comma list of names (from a URL parameter or storage), trimmed, empty items dropped. */
export const parseNameList = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

export interface SwitchInputs {
  environment: Environment | undefined;
  /** Names turned on by the URL parameter (now or remembered). */
  overrides?: readonly string[];
  /** The remote configuration; undefined when the fetch failed (its switches are then off). */
  remote?: RemoteConfig;
}

/**
 * Resolves every switch (docs/product/switches-and-constants.md §S9): a name in the override list is on; a
 * remote switch is on only when the remote value for this environment is true (off when the fetch failed);
 * otherwise the table's value for the environment; with no environment, off.
 */
export function resolveSwitches({
  environment,
  overrides = [],
  remote,
}: SwitchInputs): Record<SwitchName, boolean> {
  const result = {} as Record<SwitchName, boolean>;
  for (const name of SWITCH_NAMES) {
    if (overrides.includes(name)) {
      result[name] = true;
    } else if ((REMOTE_SWITCH_NAMES as readonly string[]).includes(name)) {
      result[name] = environment !== undefined && remote?.[name]?.[environment] === true;
    } else {
      result[name] = environment !== undefined && SWITCH_TABLE[name][ENV_INDEX[environment]];
    }
  }
  return result;
}

/** A switch set where only the given names are on: handy for tests and for the server's table checks. */
export const switchesWith = (on: readonly SwitchName[]): Record<SwitchName, boolean> =>
  Object.fromEntries(SWITCH_NAMES.map((name) => [name, on.includes(name)])) as Record<SwitchName, boolean>;
