import { useQuery } from '@tanstack/react-query';
import { passwordResetPaths } from '@app/contracts/password-reset-paths';
import { resetLinkStatusSchema } from '@app/contracts/password-reset';
import { request } from '../../../shared/http/client.ts';

/**
 * POST /customer-management-api/credentials/password/check-link {token}: whether the reset link still works,
 * asked when its page opens. It reads only; the link is spent by the new password.
 */
export const checkResetLink = (token: string) =>
  request(passwordResetPaths.checkLink, {
    schema: resetLinkStatusSchema,
    method: 'POST',
    body: { token },
    redirectOnUnauthorized: false,
  });

export const useResetLinkCheck = (token: string) =>
  useQuery({
    queryKey: ['password-reset', 'link', token],
    queryFn: () => checkResetLink(token),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
