import { z } from 'zod';
import {
  adjustmentSchema,
  auditEntrySchema,
  callerCheckAnswerSchema,
  enrolledAnswerSchema,
  inviteAnswerSchema,
  inviteDescriptionSchema,
  memberSearchResultSchema,
  revealAnswerSchema,
  staffMemberViewSchema,
  staffMeSchema,
  type AdjustmentReason,
} from '@app/contracts/staff';
import { callApi } from './api.ts';

/** The calls of /staff-api the console makes (docs/staff-console.md), each answer parsed by its contract. */
export const staffApi = {
  session: () => callApi('GET', '/staff-api/session', staffMeSchema),
  signIn: (body: { email: string; password: string; code: string }) =>
    callApi('POST', '/staff-api/session', staffMeSchema, body),
  signOut: () => callApi('DELETE', '/staff-api/session', undefined),

  invite: (token: string) =>
    callApi('GET', `/staff-api/invites/${encodeURIComponent(token)}`, inviteDescriptionSchema),
  choosePassword: (token: string, password: string) =>
    callApi('POST', `/staff-api/invites/${encodeURIComponent(token)}/password`, inviteAnswerSchema, {
      password,
    }),
  confirmAuthenticator: (token: string, code: string) =>
    callApi('POST', `/staff-api/invites/${encodeURIComponent(token)}/authenticator`, enrolledAnswerSchema, {
      code,
    }),

  search: (q: string) =>
    callApi('GET', `/staff-api/members?${new URLSearchParams({ q }).toString()}`, memberSearchResultSchema),
  checkCaller: (
    memberId: string,
    check: { dateOfBirth: string; postcode: string } | { notCheckedBecause: string },
  ) => callApi('POST', `/staff-api/members/${memberId}/caller-check`, callerCheckAnswerSchema, check),
  member: (memberId: string) => callApi('GET', `/staff-api/members/${memberId}`, staffMemberViewSchema),
  reveal: (memberId: string, field: string) =>
    callApi('POST', `/staff-api/members/${memberId}/reveal`, revealAnswerSchema, { field }),
  adjust: (
    memberId: string,
    change: { points: number; reason: AdjustmentReason; note: string; idempotencyKey: string },
  ) => callApi('POST', `/staff-api/members/${memberId}/adjustments`, adjustmentSchema, change),

  pendingAdjustments: () => callApi('GET', '/staff-api/adjustments', z.array(adjustmentSchema)),
  decide: (adjustmentId: string, decision: { approve: boolean; reason: string }) =>
    callApi('POST', `/staff-api/adjustments/${adjustmentId}/decision`, adjustmentSchema, decision),

  audit: (filters: URLSearchParams) =>
    callApi('GET', `/staff-api/audit?${filters.toString()}`, z.array(auditEntrySchema)),
};
