import { request } from '../../../shared/http/client.ts';

/** GET /collector-hash[?org={org}] (signed-in spec 7.4). */
export const getCollectorHash = (org?: string) =>
  request<{ hashID: string }>(
    `/customer-management-api/collector-hash${org ? `?org=${encodeURIComponent(org)}` : ''}`,
  );
