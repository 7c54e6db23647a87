import { useQuery } from '@tanstack/react-query';
import type { DataExportLink } from '@app/contracts/data-export';
import { dataExportPaths } from '@app/contracts/data-export-paths';
import { request } from '../../../shared/http/client.ts';
import { dataExportQueryKey } from './get-data-export.ts';

/**
 * POST /data-export-api/downloads/check {token} (ADR 044): whether the emailed link is this member's, unused and
 * current. A POST so the token stays out of access logs; it uses nothing, so it is read as a query.
 */
export const checkDataDownload = (token: string) =>
  // Unparsed: the download page draws without zod (ADR 048); typed from the contract.
  request<DataExportLink>(dataExportPaths.check, { method: 'POST', body: { token } });

export const useCheckDataDownload = (token: string) =>
  useQuery({
    queryKey: [...dataExportQueryKey, 'link', token],
    queryFn: () => checkDataDownload(token),
    // A refusal (someone else's link, used, expired) is the answer, not a blip to retry.
    retry: false,
    staleTime: Infinity,
  });
