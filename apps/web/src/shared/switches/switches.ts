import {
  FAUX_SWITCHES_PARAM,
  REMOTE_CONFIG_PATH,
  SWITCHES_COOKIE,
  SWITCHES_PARAM,
  environmentOf,
  parseNameList,
  resolveSwitches,
  type Environment,
  type RemoteConfig,
  type SwitchName,
} from '@app/contracts/switches';
import type { remoteConfigSchema } from '@app/contracts/platform-status';
import { request, type AnswerOf } from '../http/client.ts';
import { readStored, STORAGE_KEYS, writeCookie, writeStored } from '../storage/storage.ts';

/** The remembered switches list is kept for a year. */
const SWITCHES_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Start-up does not wait long for the remote configuration: on a time-out its switches are off. */
const REMOTE_CONFIG_TIMEOUT_MS = 3000;

export interface SwitchState {
  environment: Environment | undefined;
  switches: Record<SwitchName, boolean>;
  faux: string[];
}

let state: SwitchState = {
  environment: undefined,
  switches: resolveSwitches({ environment: undefined }),
  faux: [],
};

/**
 * A list from the URL parameter when present (and remembered for later visits), else the remembered one
 * (docs/product/switches-and-constants.md §S9).
 */
function rememberedList(url: URL, param: string, key: string): string[] {
  const fromUrl = url.searchParams.get(param);
  if (fromUrl !== null) {
    const list = parseNameList(fromUrl);
    writeStored(key, list.join(','));
    return list;
  }
  return parseNameList(readStored(key));
}

/** The id of the data block in which the server sends the remote configuration with the page (web-app.ts). */
export const REMOTE_CONFIG_ELEMENT_ID = 'remote-config';

/** The remote configuration the server put into the page, if it did (read once: later starts ask the API). */
function remoteConfigInPage(): RemoteConfig | undefined {
  const element = document.getElementById(REMOTE_CONFIG_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The remote configuration: from the page when the server sent it there (no round trip before the first
 * render), else from the API.
 */
export const fetchRemoteConfig = (): Promise<RemoteConfig> => {
  const inPage = remoteConfigInPage();
  if (inPage) return Promise.resolve(inPage);
  // Unparsed: the first route loads no zod (ADR 048); the type is the contract's
  // (AnswerOf<typeof remoteConfigSchema>).
  return request<AnswerOf<typeof remoteConfigSchema>>(REMOTE_CONFIG_PATH, {
    signal: AbortSignal.timeout(REMOTE_CONFIG_TIMEOUT_MS),
  });
};

/**
 * Resolves the switches once at start-up: environment from the host, the URL override and faux lists, the
 * remote configuration (its switches are off when the fetch fails).
 */
export async function loadSwitches(
  location: Pick<Location, 'href' | 'hostname'> = window.location,
  fetchRemote: () => Promise<RemoteConfig> = fetchRemoteConfig,
): Promise<SwitchState> {
  const url = new URL(location.href);
  const environment = environmentOf(location.hostname);
  const overrides = rememberedList(url, SWITCHES_PARAM, STORAGE_KEYS.switches);
  const faux = rememberedList(url, FAUX_SWITCHES_PARAM, STORAGE_KEYS.fauxSwitches);
  // The server decides 404 for switch-gated routes; it reads the same remembered list from this cookie.
  writeCookie(SWITCHES_COOKIE, encodeURIComponent(overrides.join(',')), SWITCHES_COOKIE_MAX_AGE_SECONDS);
  const remote = await fetchRemote().catch(() => undefined);
  state = { environment, switches: resolveSwitches({ environment, overrides, remote }), faux };
  return state;
}

/** The switches of a page the server draws (ADR 022): those the app will start with for that request. */
export function drawUnder(environment: Environment | undefined, switches: Record<SwitchName, boolean>) {
  state = { environment, switches, faux: [] };
}

export const isSwitchOn = (name: SwitchName): boolean => state.switches[name];
/**
 * Faux switches: any name turned on by the faux-switch URL list (docs/product/switches-and-constants.md §S9).
 */
export const isFauxSwitchOn = (name: string): boolean => state.faux.includes(name);
export const currentEnvironment = () => state.environment;
