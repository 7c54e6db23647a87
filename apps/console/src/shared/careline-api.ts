import { z } from 'zod';
import {
  careActionAnswerSchema,
  queuedClaimSchema,
  type CareAction,
  type ResendableLink,
} from '@app/contracts/staff-careline';
import type { ReplacementType } from '@app/contracts/card';
import { callApi } from './api.ts';

const member = (memberId: string) => `/staff-api/members/${encodeURIComponent(memberId)}`;
const card = (memberId: string, number: string) => `${member(memberId)}/cards/${encodeURIComponent(number)}`;
const act = (path: string, body: CareAction) => callApi('POST', path, careActionAnswerSchema, body);

/** A claim's decision as the console sends it: grant with the points, or refuse with the member's reason. */
export type ClaimDecision = { grant: true; points: number; note?: string } | { grant: false; reason: string };

/**
 * The careline's calls (docs/staff-console.md "Putting things right" and "Claims queue"): each takes the
 * reason the audit trail keeps and answers what was done, in words; every answer parsed by its contract.
 */
export const carelineApi = {
  blockCard: (memberId: string, number: string, body: CareAction) =>
    act(`${card(memberId, number)}/block`, body),
  unblockCard: (memberId: string, number: string, body: CareAction) =>
    act(`${card(memberId, number)}/unblock`, body),
  replaceCard: (
    memberId: string,
    number: string,
    body: CareAction & { replacementType: ReplacementType; cardType: 'CARD' | 'KEYTAG' },
  ) => act(`${card(memberId, number)}/replace`, body),
  clearLockout: (memberId: string, body: CareAction) =>
    act(`${member(memberId)}/sign-in-lockout/clear`, body),
  signOutEverywhere: (memberId: string, body: CareAction) => act(`${member(memberId)}/sessions/end`, body),
  resendLink: (memberId: string, body: CareAction & { link: ResendableLink }) =>
    act(`${member(memberId)}/links`, body),
  unlockSpending: (memberId: string, body: CareAction) => act(`${member(memberId)}/spending-lock/off`, body),
  changeEmail: (memberId: string, body: CareAction & { email: string }) =>
    act(`${member(memberId)}/email`, body),
  closeAccount: (memberId: string, body: CareAction) => act(`${member(memberId)}/close`, body),

  claims: () => callApi('GET', '/staff-api/claims', z.array(queuedClaimSchema)),
  decideClaim: (claimId: string, decision: ClaimDecision) =>
    callApi(
      'POST',
      `/staff-api/claims/${encodeURIComponent(claimId)}/decision`,
      careActionAnswerSchema,
      decision,
    ),
};
