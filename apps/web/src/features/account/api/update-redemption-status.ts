import { accountPaths } from '@app/contracts/account-paths';
import { CHANNEL_VALUE } from '@app/contracts/http';
import {
  REQUESTOR_CHANNEL_HEADER,
  redemptionStatusSchema,
  type RedemptionStatus,
} from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * PUT /v1/collectors/redemption-status {status} with header RequestorChannel
 * (docs/product/calls-and-errors.md §S7.4).
 */
export const updateRedemptionStatus = (status: RedemptionStatus['status']) =>
  request(accountPaths.redemptionStatus, {
    schema: redemptionStatusSchema,
    method: 'PUT',
    body: { status },
    headers: { [REQUESTOR_CHANNEL_HEADER]: CHANNEL_VALUE },
  });
