import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataExportState } from '@app/contracts/data-export';
import { DATA_EXPORT_POLL_MS } from '@app/contracts/data-export-constants';
import { dataExportPaths } from '@app/contracts/data-export-paths';
import { request } from '../../../shared/http/client.ts';

export const dataExportQueryKey = ['data-export'] as const;

/** GET /data-export-api/requests (ADR 044): the member's latest request for a copy of their data. */
export const getDataExport = () =>
  // Unparsed: the your-data and download pages draw without zod (ADR 048); typed from the contract.
  request<DataExportState>(dataExportPaths.requests);

export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: dataExportQueryKey,
    queryFn: getDataExport,
    refetchInterval: (query) => (query.state.data?.state === 'PREPARING' ? DATA_EXPORT_POLL_MS : false),
  });
export const useDataExport = () => useQuery(dataExportQueryOptions());
