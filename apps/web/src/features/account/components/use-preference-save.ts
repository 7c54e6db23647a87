import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { accountMessages } from '@app/contracts/account';
import { messageOf } from './account-layout.tsx';

/**
 * Saving a preference page (contact preferences, online advertising): the answer replaces the cached
 * preferences under `queryKey`, then 'saved' or the server's message shows as `result`.
 */
export function usePreferenceSave<Value, Answer>(
  queryKey: QueryKey,
  update: (value: Value) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();

  const save = async (value: Value) => {
    setSaving(true);
    setResult(undefined);
    try {
      queryClient.setQueryData(queryKey, await update(value));
      setResult({ kind: 'success', text: accountMessages.saved });
    } catch (failure) {
      setResult({ kind: 'error', text: messageOf(failure) });
    } finally {
      setSaving(false);
    }
  };

  return { saving, result, save };
}
