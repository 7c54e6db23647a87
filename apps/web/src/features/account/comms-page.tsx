import { useState } from 'react';
import { type NectarPreferences } from '@app/contracts/account';
import { brand } from '@app/contracts/brand';
import { Button } from '../../shared/ui/button.tsx';
import { Toggle } from '../../shared/ui/toggle.tsx';
import { contactPreferencesQueryKey, useContactPreferences } from './api/get-contact-preferences.ts';
import { updateContactPreferences } from './api/update-contact-preferences.ts';
import { AccountLayout, Loading, Notice } from './components/account-layout.tsx';
import { usePreferenceSave } from './components/use-preference-save.ts';

const CHANNELS: { key: keyof NectarPreferences; label: string }[] = [
  { key: 'contactByEmail', label: 'Email' },
  { key: 'contactBySMS', label: 'Text message' },
  { key: 'contactByPost', label: 'Post' },
  { key: 'contactByPhone', label: 'Phone' },
];

/**
 * /account/comms: how we may send offers and news (docs/product/registration-and-sign-in.md §R3
 * nectarContactPreferences).
 */
export function CommsPage() {
  const preferences = useContactPreferences();
  const [edited, setDraft] = useState<NectarPreferences>();
  const draft = edited ?? preferences.data;
  const { saving, result, save } = usePreferenceSave(contactPreferencesQueryKey, updateContactPreferences);

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
            <Button onClick={() => void (draft && save(draft))} loading={saving}>
              Save preferences
            </Button>
          </div>
        </>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { CommsPage as Component };
