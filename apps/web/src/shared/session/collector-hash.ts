import type { collectorHashSchema } from '@app/contracts/account';
import { accountPaths } from '@app/contracts/account-paths';
import { pushToDataLayer } from '../analytics/analytics.ts';
import { hasMarketingConsent } from '../analytics/consent.ts';
import { request, type AnswerOf } from '../http/client.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../storage/storage.ts';

/**
 * The logged-in context's collector hash (docs/product/signed-in-pages.md §S3, §S5): the member's
 * pseudonymous id (hashID of GET collector-hash), fetched once per sign-in, stored, and given to the
 * experiment agent as the member's identity only with marketing consent; logout clears it and removes the
 * identity (features/logout).
 */
export async function rememberCollectorHash(): Promise<string | undefined> {
  let hash = readStored(STORAGE_KEYS.collectorHash) ?? undefined;
  if (!hash) {
    // Unparsed: the first route loads no zod (ADR 048); the type is the contract's
    // (AnswerOf<typeof collectorHashSchema>).
    const answer = await request<AnswerOf<typeof collectorHashSchema>>(accountPaths.collectorHash, {
      redirectOnUnauthorized: false,
    }).catch(() => undefined);
    hash = answer?.hashID;
    if (!hash) return undefined;
    writeStored(STORAGE_KEYS.collectorHash, hash);
  }
  if (hasMarketingConsent()) pushToDataLayer({ event: 'experiment.identify', collectorHash: hash });
  return hash;
}
