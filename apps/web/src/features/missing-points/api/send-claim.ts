import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimAnswerSchema, type ClaimFields } from '@app/contracts/missing-points';
import { missingPointsPaths } from '@app/contracts/missing-points-paths';
import { request } from '../../../shared/http/client.ts';
import { claimsQueryKey } from './get-claims.ts';

export interface ClaimToSend extends ClaimFields {
  receipt?: File;
}

/**
 * POST /ledger-api/missing-points (ADR 043): multipart, with the receipt when there is one. The answer is the
 * instant match (PENDING, CREDITED) or the stored claim (STORED).
 */
export function sendClaim({ receipt, ...fields }: ClaimToSend) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (receipt) form.set('receipt', receipt, receipt.name);
  return request(missingPointsPaths.claims, { schema: claimAnswerSchema, method: 'POST', body: form });
}

export function useSendClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendClaim,
    onSuccess: (answer) => {
      if (answer.outcome === 'STORED') void queryClient.invalidateQueries({ queryKey: claimsQueryKey });
    },
  });
}
