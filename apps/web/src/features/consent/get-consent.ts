import { useQuery } from '@tanstack/react-query';
import { consentPaths } from '@app/contracts/consent-paths';
import { consentRequestSchema } from '@app/contracts/connected-apps';
import { request } from '../../shared/http/client.ts';

/** GET /identity-api/consent/{uid}: the app waiting for the member's consent and what it asks for. */
export const getConsent = (uid: string) =>
  request(consentPaths.consent(uid), { schema: consentRequestSchema, redirectOnUnauthorized: false });
export const useConsent = (uid: string) =>
  useQuery({ queryKey: ['consent', uid], queryFn: () => getConsent(uid), enabled: uid !== '', retry: false });
