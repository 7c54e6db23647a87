import { useMutation } from '@tanstack/react-query';
import { brandsPaths } from '@app/contracts/brands-paths';
import { brandPostResponseSchema } from '@app/contracts/brands';
import { request } from '../../../shared/http/client.ts';

/** GET /nectar-brands-api/post/{key}?direction=: the tracked address of the brand's site. */
export const getBrandExit = ({ key, direction }: { key: string; direction: 'collect' | 'redeem' }) =>
  request(brandsPaths.exit(key, direction), {
    schema: brandPostResponseSchema,
    redirectOnUnauthorized: false,
  });

export const useBrandExit = () => useMutation({ mutationFn: getBrandExit });
