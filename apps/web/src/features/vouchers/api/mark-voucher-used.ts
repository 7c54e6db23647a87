import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vouchersPaths } from '@app/contracts/vouchers-paths';
import type { Voucher } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';

/** PUT /offers-api/vouchers/{id}/used {used}: the answer to 'Did you use this voucher?'. */
export const markVoucherUsed = ({ id, used }: { id: string; used: boolean }) =>
  // Unparsed: the vouchers and voucher pages draw without zod (ADR 048); typed from the contract.
  request<Voucher>(vouchersPaths.used(id), { method: 'PUT', body: { used } });

export function useMarkVoucherUsed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVoucherUsed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vouchers'] }),
  });
}
