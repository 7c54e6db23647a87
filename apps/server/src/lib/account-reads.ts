import { AsyncLocalStorage } from 'node:async_hooks';

/** What the identity provider's `findAccount` read of a collector: enough for the web session to start. */
export interface AccountRead {
  id: string;
  firstName: string | null;
  status: string;
}

const reads = new AsyncLocalStorage<Map<string, AccountRead>>();

/**
 * Runs `work` with a memo of the collectors the identity provider reads inside it (ADR 047): the website's code
 * exchange calls the provider's token endpoint in-process, whose `findAccount` has just read the collector the
 * web session is then started for, so that second read within the same request is not sent again. The memo
 * lives only as long as `work`: nothing is kept across requests, so an account closed since is seen at once.
 */
export const withAccountReads = <T>(work: () => Promise<T>): Promise<T> => reads.run(new Map(), work);

/** Notes a collector `findAccount` read, when a memo is open (inside `withAccountReads`); else nothing. */
export const noteAccountRead = (row: AccountRead) => {
  reads.getStore()?.set(row.id, row);
};

/** The collector read earlier inside the open memo, if any. */
export const accountReadEarlier = (collectorId: string): AccountRead | undefined =>
  reads.getStore()?.get(collectorId);
