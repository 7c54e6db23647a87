import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@app/contracts/activity';
import { request } from '../../../shared/http/client.ts';

/** GET /nectar-shared-transactions-api/digital-receipts/{id} (signed-in spec 7.6). */
export const getReceipt = (id: string) =>
  request<Receipt>(`/nectar-shared-transactions-api/digital-receipts/${encodeURIComponent(id)}`);
export const receiptDownloadUrl = (id: string) =>
  `/nectar-shared-transactions-api/digital-receipts/${encodeURIComponent(id)}/download`;
export const useReceipt = (id: string) =>
  useQuery(queryOptions({ queryKey: ['activity', 'receipt', id], queryFn: () => getReceipt(id) }));
