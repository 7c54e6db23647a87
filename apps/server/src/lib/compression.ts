import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings the server sends: brotli, gzip, or the body as it is. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * How hard to compress: a body kept for every visitor (a shared page) is compressed once, to the smallest; a
 * body written for one member (a page with their answers in it, a version of their offers list) with quick
 * settings, since it is compressed again when it changes.
 */
const COMPRESSION = {
  kept: { brotliQuality: constants.BROTLI_MAX_QUALITY, gzipLevel: 9 },
  once: { brotliQuality: 5, gzipLevel: 6 },
} as const;
export type CompressionUse = keyof typeof COMPRESSION;

export const compress = (body: string, encoding: 'br' | 'gzip', use: CompressionUse): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION[use].brotliQuality },
      })
    : gzipSync(body, { level: COMPRESSION[use].gzipLevel });

/** The coding to answer with, from the request's Accept-Encoding: brotli first, then gzip (q=0 refuses one). */
export const encodingFor = (acceptEncoding: string | undefined): Encoding => {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
};
