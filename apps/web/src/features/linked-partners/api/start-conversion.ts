import { useMutation } from '@tanstack/react-query';
import { linkedPartnersPaths } from '@app/contracts/linked-partners-paths';
import { conversionChallengeSchema, type ConversionStart } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';

/** POST /points-exchange-api/conversions/twofa: checks the conversion and sends its 2FA code. */
export const startConversion = (body: ConversionStart) =>
  request(linkedPartnersPaths.conversionCode, { schema: conversionChallengeSchema, method: 'POST', body });

export const useStartConversion = () => useMutation({ mutationFn: startConversion });
