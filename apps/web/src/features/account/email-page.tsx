import { useState, type FormEvent } from 'react';
import { emailSchema } from '@app/contracts/email';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useCustomer, useRefreshCustomer } from './api/get-customer.ts';
import { updateEmail } from './api/update-email.ts';
import { AccountLayout, Loading, Notice } from './components/account-layout.tsx';
import { StepUpCode } from './components/step-up-code.tsx';
import { useStepUpSubmit } from './components/use-step-up-submit.ts';

/**
 * /account/details/email: the new address, then a code to the current email or mobile (step-up). The change
 * happens when the member opens the link we send to the new address (/confirm-update-email).
 */
export function EmailPage() {
  const customer = useCustomer();
  const refresh = useRefreshCustomer();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const { codeProps, error, saving, submit } = useStepUpSubmit();
  const [done, setDone] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    setEmailError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    await submit(async (code) => {
      setDone((await updateEmail(parsed.data, code)).description);
      refresh();
    });
  };

  return (
    <AccountLayout
      title="Your email address"
      back={{ to: '/account/details', label: 'Back to personal details' }}
    >
      {customer.isPending ? (
        <Loading />
      ) : done ? (
        <Notice kind="success">{done}</Notice>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <p>Your email address now: {customer.data?.email ?? 'none'}</p>
          {error ? <Notice kind="error">{error}</Notice> : null}
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.target.value)}
          />
          <StepUpCode {...codeProps} />
          <Button type="submit" loading={saving}>
            Change email address
          </Button>
        </form>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { EmailPage as Component };
