import { useMutation } from '@tanstack/react-query';
import { tempCardPaths } from '@app/contracts/temp-card-paths';
import { BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import { accessEmailResponseSchema, type AccessEmailResponse } from '@app/contracts/temp-card';
import { getBotCheckToken } from '../../shared/bot-check/get-bot-check-token.ts';
import { request } from '../../shared/http/client.ts';

/**
 * POST /nectar-lite/access-email: issues the temporary card, or re-sends its link. Each call first solves a
 * fresh bot-check (docs/product/registration-and-sign-in.md §R4: submit obtains the token, then the step
 * runs).
 */
export async function requestAccessEmail(email: string): Promise<AccessEmailResponse> {
  const token = await getBotCheckToken();
  return request(tempCardPaths.accessEmail, {
    schema: accessEmailResponseSchema,
    method: 'POST',
    // Only sent once both boxes are ticked: the form refuses to submit otherwise.
    body: { email, termsAccepted: true, privacyAccepted: true },
    headers: token ? { [BOT_CHECK_HEADER]: `Bearer ${token}` } : {},
  });
}

export const useRequestAccessEmail = () => useMutation({ mutationFn: requestAccessEmail });
