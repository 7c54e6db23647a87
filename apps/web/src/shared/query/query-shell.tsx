import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * Provides the app's query client to a page. Route modules and popup contents are wrapped in it as they load,
 * so the query library is not part of the entry script (the first-route budget: docs/performance.md,
 * ADR 048).
 */
export function QueryShell({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
