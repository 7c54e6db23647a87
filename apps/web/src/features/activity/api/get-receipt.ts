import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityPaths } from '@app/contracts/activity-paths';
import type { Receipt } from '@app/contracts/activity';
import { request } from '../../../shared/http/client.ts';

/** GET /nectar-shared-transactions-api/digital-receipts/{id} (docs/product/calls-and-errors.md §S7.6). */
export const getReceipt = (id: string) =>
  // Unparsed: the receipt page draws without zod (ADR 048); typed from the contract.
  request<Receipt>(activityPaths.receipt(id));
export const receiptDownloadUrl = (id: string) => activityPaths.receiptDownload(id);
export const useReceipt = (id: string) =>
  useQuery(queryOptions({ queryKey: ['activity', 'receipt', id], queryFn: () => getReceipt(id) }));
