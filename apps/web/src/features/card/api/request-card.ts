import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardPaths } from '@app/contracts/card-paths';
import type { cardNumberResultSchema } from '@app/contracts/card';
import { request, type AnswerOf } from '../../../shared/http/client.ts';
import { customerCardQueryKey } from './get-customer-card.ts';

/** POST /customer-management-api/request-card?cardType=CARD|KEYTAG: a plastic card for the number in use. */
export const requestCard = (cardType: 'CARD' | 'KEYTAG') =>
  // Unparsed: the request-card page draws without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof cardNumberResultSchema>>(cardPaths.request(cardType), { method: 'POST' });

export function useRequestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerCardQueryKey }),
  });
}
