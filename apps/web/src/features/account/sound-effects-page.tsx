import { useState } from 'react';
import { readStored, writeStored } from '../../shared/storage/storage.ts';
import { Toggle } from '../../shared/ui/toggle.tsx';
import { AccountLayout, Notice } from './components/account-layout.tsx';

/** Where this browser keeps the choice: sound effects belong to the device, not the account. */
export const SOUND_EFFECTS_KEY = 'soundEffects';

/** /account/sound-effects: whether the app plays sounds (saving an offer, showing the card) on this device. */
export function SoundEffectsPage() {
  const [on, setOn] = useState(() => readStored(SOUND_EFFECTS_KEY) !== 'off');
  const [saved, setSaved] = useState(false);
  return (
    <AccountLayout
      title="Sound effects"
      intro={
        <p>Play short sounds when you save offers or show your card. This choice is kept on this device.</p>
      }
    >
      <Toggle
        label="Sound effects"
        checked={on}
        onChange={(next) => {
          setOn(next);
          writeStored(SOUND_EFFECTS_KEY, next ? 'on' : 'off');
          setSaved(true);
        }}
      />
      {saved ? (
        <Notice kind="success">{on ? 'Sound effects are on.' : 'Sound effects are off.'}</Notice>
      ) : null}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SoundEffectsPage as Component };
