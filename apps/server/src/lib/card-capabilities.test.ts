// @databases none: pure rules and helpers; it opens no database.
import { describe, expect, it } from 'vitest';
import {
  assertCardMay,
  cardCapabilities,
  type CardAction,
  type CardForCapabilities,
} from './card-capabilities.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const inTenDays = new Date(now.getTime() + 10 * 24 * 60 * 60 * 1000);
const temporary: CardForCapabilities = {
  number: '9826300055555555555',
  kind: 'temporary',
  status: 'active',
  expiresAt: inTenDays,
};
const digital: CardForCapabilities = { ...temporary, kind: 'digital', expiresAt: null };

const refusal = (card: CardForCapabilities, action: CardAction, partner?: string) => {
  try {
    assertCardMay(card, action, now, { partner });
    return undefined;
  } catch (error) {
    return error as { statusCode: number; code: string; description: string };
  }
};

describe('card capabilities (docs/product/signed-in-pages.md §S1, temporary card)', () => {
  it('lets a temporary card get member prices and collect at the retailer and the fuel partner', () => {
    expect(refusal(temporary, 'member-prices')).toBeUndefined();
    expect(refusal(temporary, 'collect-points', "Sainsbury's")).toBeUndefined();
    expect(refusal(temporary, 'collect-points', 'Esso')).toBeUndefined();
  });

  it.each(['personalised-prices', 'spend-points', 'bonus-offers', 'partner-offers'] as const)(
    'refuses a temporary card %s with a 403',
    (action) => {
      expect(refusal(temporary, action)).toMatchObject({
        statusCode: 403,
        code: 'TEMPORARY_CARD_NOT_ALLOWED',
        description:
          "This isn't available with a temporary card. Register for a full Nectar account to use it.",
      });
    },
  );

  it('refuses a temporary card at partners other than the selected ones', () => {
    expect(refusal(temporary, 'collect-points', 'Hotels.com')).toMatchObject({
      code: 'TEMPORARY_CARD_NOT_ALLOWED',
    });
    expect(refusal(temporary, 'collect-points', 'British Airways Avios')).toMatchObject({ statusCode: 403 });
  });

  it('lets a full digital card do everything, at every partner', () => {
    const capabilities = cardCapabilities(digital, now);
    expect([...capabilities.actions].sort()).toEqual([
      'bonus-offers',
      'collect-points',
      'member-prices',
      'partner-offers',
      'personalised-prices',
      'spend-points',
    ]);
    expect(capabilities.partners).toBe('all');
    expect(refusal(digital, 'collect-points', 'Hotels.com')).toBeUndefined();
  });

  it('refuses an expired temporary card everything, and says it expired', () => {
    const expired = { ...temporary, expiresAt: now };
    expect(cardCapabilities(expired, now).actions.size).toBe(0);
    expect(refusal(expired, 'member-prices')).toMatchObject({ statusCode: 403, code: 'TEMP_CARD_EXPIRED' });
  });

  it('refuses a card that is no longer active', () => {
    expect(refusal({ ...digital, status: 'replaced' }, 'member-prices')).toMatchObject({
      code: 'CARD_NOT_ACTIVE',
    });
  });
});
