import { describe, expect, it } from 'vitest';
import { environmentOf, parseNameList, resolveSwitches } from './switches.ts';

describe('environment from the host name', () => {
  it.each([
    ['localhost', 'local'],
    ['127.0.0.1', 'local'],
    ['www.nectar.com', 'production'],
    ['WWW.NECTAR.COM.', 'production'],
    ['stg.nectar.com', 'preProduction'],
    ['evil.example', undefined],
  ])('%s is %s', (host, environment) => {
    expect(environmentOf(host)).toBe(environment);
  });
});

describe('switch resolution', () => {
  it('takes the table value for the environment', () => {
    const local = resolveSwitches({ environment: 'local' });
    const pre = resolveSwitches({ environment: 'preProduction' });
    const prod = resolveSwitches({ environment: 'production' });
    expect([local.hotelsLogout, pre.hotelsLogout, prod.hotelsLogout]).toEqual([true, true, false]);
    expect([local.digitalReceipts, prod.digitalReceipts]).toEqual([true, false]);
    expect([local.business, prod.business, prod.newFeedback]).toEqual([true, true, true]);
    expect([local.keyTagStock, prod.chatBot]).toEqual([false, false]);
  });

  it('has every switch off without an environment', () => {
    expect(Object.values(resolveSwitches({ environment: undefined })).every((value) => !value)).toBe(true);
  });

  it('turns on the names of the URL override list', () => {
    const prod = resolveSwitches({ environment: 'production', overrides: ['digitalReceipts', 'nonsense'] });
    expect(prod.digitalReceipts).toBe(true);
    expect(prod.hotelsLogout).toBe(false);
  });

  it('has a remote switch on only when the value for this environment is true', () => {
    const remote = { maintenance: { local: false, preProduction: true, production: false } };
    expect(resolveSwitches({ environment: 'preProduction', remote }).maintenance).toBe(true);
    expect(resolveSwitches({ environment: 'production', remote }).maintenance).toBe(false);
    expect(resolveSwitches({ environment: 'local', remote }).maintenance).toBe(false);
    expect(resolveSwitches({ environment: undefined, remote }).maintenance).toBe(false);
  });

  it('has remote switches off when the fetch failed', () => {
    const switches = resolveSwitches({ environment: 'local', remote: undefined });
    expect([switches.maintenance, switches.cms, switches.chatBot, switches.queenPassing]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads a comma list', () => {
    expect(parseNameList(' cms, ,business,')).toEqual(['cms', 'business']);
    expect(parseNameList(null)).toEqual([]);
  });
});
