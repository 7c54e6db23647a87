import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkedPartnersPaths } from '@app/contracts/linked-partners-paths';
import { conversionResultSchema } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';
import { balanceQueryKey } from '../../../shared/session/get-balance.ts';
import { linkedPartnersQueryKey } from './get-linked-partners.ts';

/** POST /points-exchange-api/conversions: the code confirms the conversion and the points move. */
export const confirmConversion = (body: { conversionToken: string; twoFaCode: string }) =>
  request(linkedPartnersPaths.conversions, { schema: conversionResultSchema, method: 'POST', body });

export function useConfirmConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmConversion,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: linkedPartnersQueryKey }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]),
  });
}
