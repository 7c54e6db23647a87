import { accountPaths } from '@app/contracts/account-paths';
import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** Logs one other device out (the security page's list of devices). */
export const signOutSession = (sessionId: string) =>
  request(accountPaths.signOutSession(sessionId), {
    schema: descriptionResponseSchema,
    method: 'POST',
  });
