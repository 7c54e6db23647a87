import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataExportState } from '@app/contracts/data-export';
import { dataExportPaths } from '@app/contracts/data-export-paths';
import { request } from '../../../shared/http/client.ts';

export const dataExportQueryKey = ['data-export'] as const;
/** While the copy is being prepared the page asks again this often, so it shows "ready" without a reload. */
const PREPARING_POLL_MS = 4_000;

/** GET /data-export-api/requests (ADR 044): the member's latest request for a copy of their data. */
export const getDataExport = () => request<DataExportState>(dataExportPaths.requests);

export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: dataExportQueryKey,
    queryFn: getDataExport,
    refetchInterval: (query) => (query.state.data?.state === 'PREPARING' ? PREPARING_POLL_MS : false),
  });
export const useDataExport = () => useQuery(dataExportQueryOptions());
