// @databases none: pure rules and helpers; it opens no database.
import { describe, expect, it } from 'vitest';
import { accountReadEarlier, noteAccountRead, withAccountReads } from './account-reads.ts';

const member = { id: '6f1c2a4e-0000-4000-8000-000000000001', firstName: 'Ada', status: 'active' };

describe("the provider's account reads within one request (ADR 047)", () => {
  it('are seen again only inside the same withAccountReads, never after it or beside it', async () => {
    noteAccountRead(member);
    expect(accountReadEarlier(member.id)).toBeUndefined();

    const inside = await withAccountReads(async () => {
      noteAccountRead(member);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return accountReadEarlier(member.id);
    });
    expect(inside).toEqual(member);
    expect(accountReadEarlier(member.id)).toBeUndefined();

    // Another request's memo starts empty, even while the first one is still open.
    const [first, second] = await Promise.all([
      withAccountReads(async () => {
        noteAccountRead(member);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return accountReadEarlier(member.id);
      }),
      withAccountReads(async () => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return accountReadEarlier(member.id);
      }),
    ]);
    expect(first).toEqual(member);
    expect(second).toBeUndefined();
  });
});
