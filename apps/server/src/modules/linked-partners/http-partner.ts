import type { PartnerKind } from '@app/contracts/linked-partners';
import { PartnerError, type PartnerAdapter, type PartnerFailure } from './partner-adapter.ts';

const failures: Record<number, PartnerFailure> = { 404: 'NOT_FOUND', 409: 'INSUFFICIENT', 423: 'LOCKED' };

/**
 * A real partner's points API (ADR 013 "Plugging in a real partner"), used when AIRLINE_PARTNER_API_URL or
 * HOTEL_PARTNER_API_URL is set. The partner exposes, under its base address, JSON over HTTPS:
 *
 *   POST /members/verify {membershipNumber, lastName} → 204 | 404
 *   POST /members {firstName, lastName} → 201 {membershipNumber}
 *   PUT  /members/{n}/link {linked} → 204
 *   GET  /members/{n}/balance → 200 {balance}
 *   POST /members/{n}/movements {amount, idempotencyKey} → 201 | 409 (too few points) | 423 (locked)
 *   DELETE /movements/{idempotencyKey} → 204 (reverse; 404 when never applied, also fine)
 *
 * Every other status is the partner being unavailable.
 */
export function createHttpPartner(kind: PartnerKind, baseUrl: string): PartnerAdapter {
  const call = async (method: string, path: string, signal: AbortSignal, body?: unknown) => {
    const response = await fetch(new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`), {
      method,
      signal,
      headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.ok) return response.status === 204 ? undefined : ((await response.json()) as unknown);
    throw new PartnerError(failures[response.status] ?? 'UNAVAILABLE', `Partner answered ${response.status}`);
  };
  const member = (n: string) => `members/${encodeURIComponent(n)}`;
  return {
    kind,
    async verifyMember(input, signal) {
      await call('POST', 'members/verify', signal, input);
    },
    async join(input, signal) {
      const body = (await call('POST', 'members', signal, input)) as { membershipNumber?: unknown };
      if (typeof body.membershipNumber !== 'string')
        throw new PartnerError('UNAVAILABLE', 'No membership number');
      return { membershipNumber: body.membershipNumber };
    },
    async setLinked(n, linked, signal) {
      await call('PUT', `${member(n)}/link`, signal, { linked });
    },
    async balance(n, signal) {
      const body = (await call('GET', `${member(n)}/balance`, signal)) as { balance?: unknown };
      if (typeof body.balance !== 'number') throw new PartnerError('UNAVAILABLE', 'No balance');
      return body.balance;
    },
    async credit(n, points, idempotencyKey, signal) {
      await call('POST', `${member(n)}/movements`, signal, { amount: points, idempotencyKey });
    },
    async debit(n, points, idempotencyKey, signal) {
      await call('POST', `${member(n)}/movements`, signal, { amount: -points, idempotencyKey });
    },
    async reverse(idempotencyKey, signal) {
      try {
        await call('DELETE', `movements/${encodeURIComponent(idempotencyKey)}`, signal);
      } catch (error) {
        if (!(error instanceof PartnerError && error.failure === 'NOT_FOUND')) throw error;
      }
    },
  };
}
