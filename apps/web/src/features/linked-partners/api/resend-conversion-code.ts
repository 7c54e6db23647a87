import { useMutation } from '@tanstack/react-query';
import { conversionCodeResentSchema } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';

/** POST /points-exchange-api/conversions/twofa/resend: a new code for the waiting conversion. */
export const resendConversionCode = (conversionToken: string) =>
  request('/points-exchange-api/conversions/twofa/resend', {
    schema: conversionCodeResentSchema,
    method: 'POST',
    body: { conversionToken },
  });

export const useResendConversionCode = () => useMutation({ mutationFn: resendConversionCode });
