import { useMutation } from '@tanstack/react-query';
import { linkedPartnersPaths } from '@app/contracts/linked-partners-paths';
import { conversionCodeResentSchema } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';

/** POST /points-exchange-api/conversions/twofa/resend: a new code for the waiting conversion. */
export const resendConversionCode = (conversionToken: string) =>
  request(linkedPartnersPaths.resendConversionCode, {
    schema: conversionCodeResentSchema,
    method: 'POST',
    body: { conversionToken },
  });

export const useResendConversionCode = () => useMutation({ mutationFn: resendConversionCode });
