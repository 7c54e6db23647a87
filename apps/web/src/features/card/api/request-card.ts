import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/http/client.ts';
import { customerCardQueryKey } from './get-customer-card.ts';

/** POST /customer-management-api/request-card?cardType=CARD|KEYTAG: a plastic card for the number in use. */
export const requestCard = (cardType: 'CARD' | 'KEYTAG') =>
  request<{ cardNumber: string }>(`/customer-management-api/request-card?cardType=${cardType}`, {
    method: 'POST',
  });

export function useRequestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerCardQueryKey }),
  });
}
