import { useMutation } from '@tanstack/react-query';
import type { ConversionChallenge, ConversionStart } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';

/** POST /points-exchange-api/conversions/twofa: checks the conversion and sends its 2FA code. */
export const startConversion = (body: ConversionStart) =>
  request<ConversionChallenge>('/points-exchange-api/conversions/twofa', { method: 'POST', body });

export const useStartConversion = () => useMutation({ mutationFn: startConversion });
