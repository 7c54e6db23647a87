import type { PartnerKind } from '@app/contracts/linked-partners';

/**
 * What the product needs from a partner's points system (airline or hotel). The partners are systems we do
 * not run, so they sit behind this interface: the sandbox partner (sandbox-partner.ts) answers by default,
 * and an HTTP partner (http-partner.ts) talks to a real partner API when its address is configured
 * (ADR 013). Every movement carries our idempotency key, so a repeated call changes nothing.
 */
export interface PartnerAdapter {
  readonly kind: PartnerKind;
  /** Checks that the member holds this partner account (the partner's log-in step of a 'link'). */
  verifyMember(input: { membershipNumber: string; lastName: string }, signal: AbortSignal): Promise<void>;
  /** Opens a new partner account for the member (a 'join'); answers its membership number. */
  join(
    input: { firstName: string; lastName: string },
    signal: AbortSignal,
  ): Promise<{ membershipNumber: string }>;
  /** Tells the partner the account is linked to the scheme, or no longer linked. */
  setLinked(membershipNumber: string, linked: boolean, signal: AbortSignal): Promise<void>;
  balance(membershipNumber: string, signal: AbortSignal): Promise<number>;
  /** Adds partner points (base to partner). */
  credit(
    membershipNumber: string,
    points: number,
    idempotencyKey: string,
    signal: AbortSignal,
  ): Promise<void>;
  /** Takes partner points (partner to base); refused when the account has too few. */
  debit(membershipNumber: string, points: number, idempotencyKey: string, signal: AbortSignal): Promise<void>;
  /** Undoes the movement with this key if the partner applied it (after a call whose answer we never got). */
  reverse(idempotencyKey: string, signal: AbortSignal): Promise<void>;
}

export type PartnerFailure = 'UNAVAILABLE' | 'TIMEOUT' | 'NOT_FOUND' | 'LOCKED' | 'INSUFFICIENT' | 'REJECTED';

/** A partner said no, or did not answer in time. */
export class PartnerError extends Error {
  constructor(
    readonly failure: PartnerFailure,
    message: string = failure,
  ) {
    super(message);
    this.name = 'PartnerError';
  }
}

/**
 * Runs one partner call with a time limit: past `timeoutMs` the call's signal aborts and the answer is a
 * TIMEOUT, whatever the partner does later. Any other unexpected failure counts as UNAVAILABLE.
 */
export async function callPartner<T>(
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new PartnerError('TIMEOUT', 'The partner did not answer in time'));
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), timedOut]);
  } catch (error) {
    if (error instanceof PartnerError) throw error;
    throw new PartnerError('UNAVAILABLE', error instanceof Error ? error.message : 'Partner call failed');
  } finally {
    clearTimeout(timer);
  }
}
