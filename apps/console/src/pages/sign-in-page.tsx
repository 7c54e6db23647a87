import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../shared/api.ts';
import { signInWithPasskey } from '../shared/passkeys.ts';
import { SESSION_KEY } from '../shared/session.ts';
import { staffApi } from '../shared/staff-api.ts';
import { Field } from '../shared/ui/field.tsx';
import { Notice } from '../shared/ui/notice.tsx';
import { usePageTitle } from '../shared/ui/page-title.ts';
import { AuthFrame } from './auth-frame.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { formText } from '../shared/form-text.ts';

/** Only a path of the console itself is a place to go back to after signing in. */
const safeNext = (next: string | null) => (next?.startsWith('/') && !next.startsWith('//') ? next : '/');

/**
 * Sign-in: email, password and the authenticator app's code (or a recovery code), or a passkey alone. Every
 * failure has the server's one answer, shown as it gives it (docs/staff-console.md "Signing in").
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const signedIn = (me: Awaited<ReturnType<typeof staffApi.signIn>>) => {
    queryClient.setQueryData(SESSION_KEY, me);
    void navigate(safeNext(params.get('next')), { replace: true });
  };
  const signIn = useMutation({ mutationFn: staffApi.signIn, onSuccess: signedIn });
  const passkey = useMutation({ mutationFn: signInWithPasskey, onSuccess: signedIn });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    passkey.reset();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => formText(form, name);
    signIn.mutate({ email: value('email'), password: value('password'), code: value('code') });
  };

  return (
    <AuthFrame>
      <h1>Sign in to the staff console</h1>
      <p className="lead">For members of staff only. Your authenticator app gives the code.</p>
      {signIn.error && <Notice tone="error">{messageOf(signIn.error)}</Notice>}
      <form className="stack" onSubmit={submit} aria-label="Sign in">
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <Field
          label="Authenticator code"
          hint="The 6 digits your app shows now, or one of your recovery codes."
          name="code"
          autoComplete="one-time-code"
          spellCheck={false}
          required
          minLength={6}
          maxLength={20}
        />
        <button type="submit" className="button button--primary button--wide" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <PasskeySignIn
        pending={passkey.isPending}
        error={passkey.error}
        onSignIn={() => {
          signIn.reset();
          passkey.mutate();
        }}
      />
    </AuthFrame>
  );
}
