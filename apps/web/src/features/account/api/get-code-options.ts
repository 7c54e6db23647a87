import { useQuery } from '@tanstack/react-query';
import type { DeliveryMethod } from '@app/contracts/sign-in';
import { request } from '../../../shared/http/client.ts';

type Options = { options: { deliveryMethod: DeliveryMethod; maskedDestination: string }[] };

/** Where a security code can go: the member's current email and mobile, masked. */
export const getCodeOptions = () => request<Options>('/customer-management-api/2fa/options');
export const useCodeOptions = () =>
  useQuery({ queryKey: ['account', 'code-options'], queryFn: getCodeOptions });
