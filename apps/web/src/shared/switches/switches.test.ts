import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REMOTE_CONFIG_ELEMENT_ID,
  fetchRemoteConfig,
  isFauxSwitchOn,
  isSwitchOn,
  loadSwitches,
} from './switches.ts';
import { putRemoteConfigInPage } from '../../test/remote-config-block.ts';

const at = (href: string) => ({ href, hostname: new URL(href).hostname });
const remoteWith =
  (values: Record<string, { local: boolean; preProduction: boolean; production: boolean }>) => () =>
    Promise.resolve(values);
const failing = () => Promise.reject(new Error('offline'));

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('feature switches at start-up', () => {
  it('uses the table values of the environment the host names', async () => {
    await loadSwitches(at('https://www.nectar.com/welcome'), remoteWith({}));
    expect(isSwitchOn('digitalReceipts')).toBe(false);
    expect(isSwitchOn('business')).toBe(true);
    await loadSwitches(at('http://localhost:3000/welcome'), remoteWith({}));
    expect(isSwitchOn('digitalReceipts')).toBe(true);
  });

  it('turns on the switches of the URL list and remembers them for the next visit', async () => {
    await loadSwitches(at('https://www.nectar.com/welcome?switches=digitalReceipts,cms'), failing);
    expect(isSwitchOn('digitalReceipts')).toBe(true);
    expect(isSwitchOn('cms')).toBe(true);
    await loadSwitches(at('https://www.nectar.com/brands'), failing);
    expect(isSwitchOn('digitalReceipts')).toBe(true);
    expect(document.cookie).toContain('lc_switches=digitalReceipts%2Ccms');
    // An empty list in the URL forgets them.
    await loadSwitches(at('https://www.nectar.com/brands?switches='), failing);
    expect(isSwitchOn('digitalReceipts')).toBe(false);
  });

  it('remembers the faux-switch list likewise', async () => {
    await loadSwitches(at('http://localhost/welcome?fauxSwitches=newHeader'), failing);
    expect(isFauxSwitchOn('newHeader')).toBe(true);
    expect(isFauxSwitchOn('other')).toBe(false);
    await loadSwitches(at('http://localhost/help'), failing);
    expect(isFauxSwitchOn('newHeader')).toBe(true);
  });

  it('has a remote switch on only where its environment value is true, and off when the fetch fails', async () => {
    const remote = remoteWith({ maintenance: { local: true, preProduction: false, production: false } });
    await loadSwitches(at('http://localhost/welcome'), remote);
    expect(isSwitchOn('maintenance')).toBe(true);
    await loadSwitches(at('https://stg.nectar.com/welcome'), remote);
    expect(isSwitchOn('maintenance')).toBe(false);
    await loadSwitches(at('http://localhost/welcome'), failing);
    expect(isSwitchOn('maintenance')).toBe(false);
  });

  it('takes the remote configuration the server put into the page, once, without asking the API', async () => {
    putRemoteConfigInPage(true);
    await loadSwitches(at('http://localhost/welcome'));
    expect(isSwitchOn('maintenance')).toBe(true);
    expect(document.getElementById(REMOTE_CONFIG_ELEMENT_ID)).toBeNull();
    // Without the block the API is asked (here it cannot answer, so the remote switches are off).
    await expect(fetchRemoteConfig()).rejects.toBeDefined();
  });
});
