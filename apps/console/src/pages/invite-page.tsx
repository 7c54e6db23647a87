import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { messageOf } from '../shared/api.ts';
import { SESSION_KEY } from '../shared/session.ts';
import { staffApi } from '../shared/staff-api.ts';
import { Field } from '../shared/ui/field.tsx';
import { Notice } from '../shared/ui/notice.tsx';
import { usePageTitle } from '../shared/ui/page-title.ts';
import { AuthenticatorQr } from './authenticator-qr.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { formText } from '../shared/form-text.ts';

const ROLE_NAMES = {
  agent: 'an agent',
  supervisor: 'a supervisor',
  admin: 'an admin',
  marketer: 'a campaign manager',
} as const;
/** The base32 secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
const valueOf = (event: FormEvent<HTMLFormElement>, name: string) =>
  formText(new FormData(event.currentTarget), name);

/**
 * An invitation's two steps (docs/staff-console.md "Signing in"): choose a password and get the
 * authenticator's secret; type the app's first code; then the recovery codes, shown once. The last step signs
 * in.
 */
export function InvitePage() {
  usePageTitle('Set up your account');
  const token = useParams().token ?? '';
  const queryClient = useQueryClient();
  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: () => staffApi.invite(token),
    retry: false,
  });
  const password = useMutation({ mutationFn: (value: string) => staffApi.choosePassword(token, value) });
  const authenticator = useMutation({
    mutationFn: (code: string) => staffApi.confirmAuthenticator(token, code),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
  });

  if (invite.isPending)
    return (
      <AuthFrame>
        <p role="status">Loading the invitation…</p>
      </AuthFrame>
    );
  if (invite.error && !authenticator.data)
    return (
      <AuthFrame>
        <h1>This invitation can't be used</h1>
        <Notice tone="error">{messageOf(invite.error)}</Notice>
      </AuthFrame>
    );

  if (authenticator.data) {
    return (
      <AuthFrame wide>
        <h1>Keep your recovery codes</h1>
        <Notice tone="warning" title="These are shown only this once">
          Each code signs in once in place of an authenticator code, if you lose your phone. Keep the{' '}
          {authenticator.data.recoveryCodes.length} codes somewhere safe, such as a password manager.
        </Notice>
        <ol className="recovery-codes" aria-label="Recovery codes">
          {authenticator.data.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <Link className="button button--primary" to="/">
          I've kept them: open the console
        </Link>
      </AuthFrame>
    );
  }

  const who = invite.data;
  if (password.data) {
    const { totpSecret, totpUri } = password.data;
    return (
      <AuthFrame wide>
        <p className="step">Step 2 of 2</p>
        <h1>Add the console to your authenticator app</h1>
        <div className="enrol">
          <AuthenticatorQr uri={totpUri} />
          <div className="stack">
            <p>Scan the code with your authenticator app, or type this key into it by hand:</p>
            <p className="secret">
              <code aria-label="Authenticator key">{grouped(totpSecret)}</code>
            </p>
            <details>
              <summary>The app's address as text</summary>
              <p className="uri">
                <code>{totpUri}</code>
              </p>
            </details>
          </div>
        </div>
        {authenticator.error && <Notice tone="error">{messageOf(authenticator.error)}</Notice>}
        <form
          key="authenticator"
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            authenticator.mutate(valueOf(event, 'code'));
          }}
        >
          <Field
            label="The code your app shows"
            hint="6 digits."
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            className="field--short"
          />
          <button type="submit" className="button button--primary" disabled={authenticator.isPending}>
            Finish setting up
          </button>
        </form>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      <p className="step">Step 1 of 2</p>
      <h1>Set up your console account</h1>
      {who && (
        <dl className="facts">
          <div>
            <dt>Name</dt>
            <dd>{who.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{who.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>You're invited as {ROLE_NAMES[who.role]}</dd>
          </div>
        </dl>
      )}
      {password.error && <Notice tone="error">{messageOf(password.error)}</Notice>}
      <form
        key="password"
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          password.mutate(valueOf(event, 'password'));
        }}
      >
        <Field
          label="Choose a password"
          hint="12 to 64 characters. A few unrelated words make a strong one."
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          maxLength={64}
          required
        />
        <button type="submit" className="button button--primary button--wide" disabled={password.isPending}>
          Continue
        </button>
      </form>
    </AuthFrame>
  );
}
