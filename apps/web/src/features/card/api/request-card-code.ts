import { BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import { cardPaths } from '@app/contracts/card-paths';
import { cardLookupResponseSchema, type CardLookupRequest } from '@app/contracts/card';
import { getBotCheckToken } from '../../../shared/bot-check/get-bot-check-token.ts';
import { request } from '../../../shared/http/client.ts';

export type CardFlow = 'retrieve' | 'replace';

/**
 * POST /customer-management-api/retrieve-card/request or /replacement-card/request {birthDate, lastName,
 * postcode} with the bot-check bearer header (docs/product/calls-and-errors.md §S7.4): a one-time code goes
 * to the member.
 */
export async function requestCardCode(flow: CardFlow, details: CardLookupRequest) {
  const token = await getBotCheckToken();
  return request(cardPaths.codeRequest(flow), {
    schema: cardLookupResponseSchema,
    method: 'POST',
    body: details,
    headers: token ? { [BOT_CHECK_HEADER]: `Bearer ${token}` } : {},
  });
}
