import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/http/client.ts';

/** POST /points-exchange-api/conversions/twofa/resend: a new code for the waiting conversion. */
export const resendConversionCode = (conversionToken: string) =>
  request<{ message: string }>('/points-exchange-api/conversions/twofa/resend', {
    method: 'POST',
    body: { conversionToken },
  });

export const useResendConversionCode = () => useMutation({ mutationFn: resendConversionCode });
