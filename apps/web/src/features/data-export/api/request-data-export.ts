import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataExportState } from '@app/contracts/data-export';
import { dataExportPaths } from '@app/contracts/data-export-paths';
import { request } from '../../../shared/http/client.ts';
import { dataExportQueryKey } from './get-data-export.ts';

/** POST /data-export-api/requests (ADR 044): asks for a copy; 429 within a day of the last request. */
export const requestDataExport = () =>
  // Unparsed: the your-data page draws without zod (ADR 048); typed from the contract.
  request<DataExportState>(dataExportPaths.requests, { method: 'POST' });

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (state) => queryClient.setQueryData(dataExportQueryKey, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportQueryKey }),
  });
}
