import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountMessages, type NectarPreferences } from '@app/contracts/account';
import { brand } from '@app/contracts/brand';
import { Button } from '../../shared/ui/button.tsx';
import { Toggle } from '../../shared/ui/toggle.tsx';
import { contactPreferencesQueryKey, useContactPreferences } from './api/get-contact-preferences.ts';
import { updateContactPreferences } from './api/update-contact-preferences.ts';
import { AccountLayout, Loading, messageOf, Notice } from './components/account-layout.tsx';

const CHANNELS: { key: keyof NectarPreferences; label: string }[] = [
  { key: 'contactByEmail', label: 'Email' },
  { key: 'contactBySMS', label: 'Text message' },
  { key: 'contactByPost', label: 'Post' },
  { key: 'contactByPhone', label: 'Phone' },
];

/** /account/comms: how we may send offers and news (registration spec 3 nectarContactPreferences). */
export function CommsPage() {
  const preferences = useContactPreferences();
  const queryClient = useQueryClient();
  const [edited, setDraft] = useState<NectarPreferences>();
  const draft = edited ?? preferences.data;
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    setResult(undefined);
    try {
      queryClient.setQueryData(contactPreferencesQueryKey, await updateContactPreferences(draft));
      setResult({ kind: 'success', text: accountMessages.saved });
    } catch (failure) {
      setResult({ kind: 'error', text: messageOf(failure) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccountLayout
      title="Contact preferences"
      intro={
        <p>
          Choose how {brand.name} may send you offers, news and surprises. We&apos;ll still send you messages
          about your account, whatever you choose.
        </p>
      }
    >
      {preferences.isPending || !draft ? (
        preferences.isError ? (
          <Notice kind="error">{preferences.error.message}</Notice>
        ) : (
          <Loading />
        )
      ) : (
        <>
          {CHANNELS.map((channel) => (
            <Toggle
              key={channel.key}
              label={channel.label}
              checked={draft[channel.key]}
              onChange={(checked) => setDraft({ ...draft, [channel.key]: checked })}
            />
          ))}
          {result ? <Notice kind={result.kind}>{result.text}</Notice> : null}
          <div className="account__actions">
            <Button onClick={() => void save()} loading={saving}>
              Save preferences
            </Button>
          </div>
        </>
      )}
    </AccountLayout>
  );
}
