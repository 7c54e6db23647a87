import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkedPartnersPaths } from '@app/contracts/linked-partners-paths';
import type { ConversionResult } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';
import { balanceQueryKey } from '../../../shared/session/get-balance.ts';
import { linkedPartnersQueryKey } from './get-linked-partners.ts';

/** POST /points-exchange-api/conversions: the code confirms the conversion and the points move. */
export const confirmConversion = (body: { conversionToken: string; twoFaCode: string }) =>
  request<ConversionResult>(linkedPartnersPaths.conversions, { method: 'POST', body });

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
