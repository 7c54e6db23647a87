import { useCallback, useRef, useState } from 'react';
import { TillError, getToken, type CallLog } from './till-api.ts';

/** The partner's token as the till holds it: when it runs out, on the device's clock. */
export interface HeldToken {
  accessToken: string;
  clientId: string;
  partnerId: string;
  expiresAt: number;
}

/** A token this close to running out is renewed before a call, not sent to be refused. */
const RENEW_BEFORE_MS = 60_000;

/**
 * The till's token, got as a partner's till gets one: on demand, again when it nears its end, and again when
 * a call answers 401 INVALID_TOKEN (the call is then tried once more, with the same Idempotency-Key).
 */
export function useTillToken(partnerId: string, log: CallLog) {
  const [token, setToken] = useState<HeldToken>();
  const held = useRef<HeldToken | undefined>(undefined);
  const pending = useRef<{ partnerId: string; promise: Promise<HeldToken> } | undefined>(undefined);

  const renew = useCallback((): Promise<HeldToken> => {
    if (pending.current?.partnerId === partnerId) return pending.current.promise;
    const promise = getToken(log, partnerId)
      .then((answer) => {
        const fresh = {
          accessToken: answer.accessToken,
          clientId: answer.clientId,
          partnerId,
          expiresAt: Date.now() + answer.expiresIn * 1000,
        };
        held.current = fresh;
        setToken(fresh);
        return fresh;
      })
      .finally(() => {
        if (pending.current?.promise === promise) pending.current = undefined;
      });
    pending.current = { partnerId, promise };
    return promise;
  }, [partnerId, log]);

  /** A live token of this partner: the one held, or a new one when there is none or it nears its end. */
  const live = useCallback(async (): Promise<HeldToken> => {
    const current = held.current;
    if (current && current.partnerId === partnerId && current.expiresAt - Date.now() > RENEW_BEFORE_MS) {
      return current;
    }
    return renew();
  }, [partnerId, renew]);

  /** Runs a partner API call with a live token; a token the API no longer takes is renewed once. */
  const withToken = useCallback(
    async <T>(call: (accessToken: string) => Promise<T>): Promise<T> => {
      const { accessToken } = await live();
      try {
        return await call(accessToken);
      } catch (error) {
        if (!(error instanceof TillError) || error.status !== 401 || error.code !== 'INVALID_TOKEN')
          throw error;
        const fresh = await renew();
        return call(fresh.accessToken);
      }
    },
    [live, renew],
  );

  return { token: token?.partnerId === partnerId ? token : undefined, renew, withToken };
}
