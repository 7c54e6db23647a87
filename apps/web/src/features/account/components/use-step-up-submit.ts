import { useState } from 'react';
import { messageOf } from './account-layout.tsx';

/**
 * The submit of a change that needs a step-up code (email, mobile): the code must be 6 digits, then the
 * change runs with it; a failure about the code shows on the code field, any other above the form.
 * `codeProps` goes to <StepUpCode />.
 */
export function useStepUpSubmit() {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (change: (code: string) => Promise<void>) => {
    if (!/^\d{6}$/.test(code)) {
      setCodeError('Enter the 6-digit code we sent you');
      return;
    }
    setSaving(true);
    setError(undefined);
    setCodeError(undefined);
    try {
      await change(code);
    } catch (failure) {
      const message = messageOf(failure);
      if (/code/i.test(message)) setCodeError(message);
      else setError(message);
    } finally {
      setSaving(false);
    }
  };

  // A new code, or typing, puts away the last message about the code.
  const onCode = (value: string) => {
    setCode(value);
    setCodeError(undefined);
  };
  const onSent = () => setCodeError(undefined);
  return { codeProps: { code, onCode, onSent, error: codeError }, error, saving, submit };
}
