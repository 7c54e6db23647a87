import { useSyncExternalStore } from 'react';
import { pageAnswerKey } from '@app/contracts/page-answers';
import { connectionState, subscribeToConnection, type Connection } from './connection.ts';

const serverState: Connection = { offline: false, copies: new Map() };
const useConnection = () => useSyncExternalStore(subscribeToConnection, connectionState, () => serverState);

/** Whether the page works from kept data (ADR 030); re-renders when that changes. */
export const useOffline = () => useConnection().offline;

/** When the server gave the kept copy of a read that the page shows; none when it came from the network. */
export const useOfflineCopyTime = (path: string): Date | undefined =>
  useConnection().copies.get(pageAnswerKey(path));
