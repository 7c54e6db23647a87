import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vouchersPaths } from '@app/contracts/vouchers-paths';
import { redemptionResponseSchema, type RedemptionRequest } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';
import { balanceQueryKey } from '../../../shared/session/get-balance.ts';

/** POST /offers-api/redemptions {rewardId, idempotencyKey}: one voucher per key, paid from the ledger. */
export const redeemPoints = (body: RedemptionRequest) =>
  request(vouchersPaths.redemptions, { schema: redemptionResponseSchema, method: 'POST', body });

export function useRedeemPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemPoints,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['vouchers'] }),
        queryClient.invalidateQueries({ queryKey: ['activity'] }),
      ]);
    },
  });
}
