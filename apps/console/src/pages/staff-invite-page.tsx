import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { inviteRequestSchema, STAFF_INVITE_HOURS, STAFF_ROLES, type StaffRole } from '@app/contracts/staff';
import { messageOf } from '../shared/api.ts';
import { formText } from '../shared/form-text.ts';
import { inviteStaff, type Invited } from '../shared/invite-api.ts';
import { Field } from '../shared/ui/field.tsx';
import { Notice } from '../shared/ui/notice.tsx';
import { usePageTitle } from '../shared/ui/page-title.ts';

/** Each role in one line: what it may do on top of the roles before it (STAFF_ACTIONS). */
const ROLES: Record<StaffRole, { label: string; may: string }> = {
  agent: {
    label: 'Agent',
    may: 'Finds members, checks callers and puts things right within their limits.',
  },
  supervisor: {
    label: 'Supervisor',
    may: 'Also approves changes of points, decides claims, unblocks cards, closes accounts, reads the audit.',
  },
  admin: {
    label: 'Admin',
    may: 'Also exports the audit trail, invites staff and does what a campaign manager does.',
  },
  marketer: {
    label: 'Campaign manager',
    may: "Makes offers and campaigns and approves a colleague's; sees no member.",
  },
};

/** The sentence shown under a field the contract refuses. */
const FIELD_ERRORS = {
  email: 'Enter their work email address, like name@example.com.',
  name: 'Enter their name, up to 100 characters.',
  role: 'Choose a role.',
} as const;
type FieldName = keyof typeof FIELD_ERRORS;

/**
 * "Invite staff" (an admin; docs/staff-console.md "The console"): email, name and role, checked with the
 * contract's schema; the server emails the link, and the page shows it too with a Copy button, for when the
 * email is slow. A refusal (someone with that email already, a role that may not) is announced in its words.
 */
export function StaffInvitePage() {
  usePageTitle('Invite staff');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sent, setSent] = useState<Invited & { email: string }>();
  const [copied, setCopied] = useState<'yes' | 'no'>();
  const invite = useMutation({
    mutationFn: inviteStaff,
    onMutate: () => {
      setSent(undefined);
      setCopied(undefined);
    },
    onSuccess: (answer, request) => setSent({ ...answer, email: request.email }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const request = inviteRequestSchema.safeParse({
      email: formText(data, 'email'),
      name: formText(data, 'name'),
      role: data.get('role') ?? undefined,
    });
    const refused = new Set(request.error?.issues.map((issue) => issue.path[0]) ?? []);
    const fields = (Object.keys(FIELD_ERRORS) as FieldName[]).filter((field) => refused.has(field));
    setErrors(Object.fromEntries(fields.map((field) => [field, FIELD_ERRORS[field]])));
    if (request.success) invite.mutate(request.data, { onSuccess: () => form.reset() });
    else form.querySelector<HTMLInputElement>(`[name="${fields[0] ?? 'email'}"]`)?.focus();
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <section className="page" aria-labelledby="invite-staff-heading">
      <h1 id="invite-staff-heading">Invite staff</h1>
      <p className="lead">
        The person gets an email with a link to choose a password and set up their authenticator app. The link
        works once and lasts {STAFF_INVITE_HOURS} hours.
      </p>
      <div aria-live="polite" aria-atomic="true">
        {sent && (
          <Notice
            tone="success"
            title={`Invitation sent to ${sent.email}. The link lasts ${STAFF_INVITE_HOURS} hours.`}
          >
            <p className="uri">
              <code aria-label="Invitation link">{sent.link}</code>
            </p>
            <button
              type="button"
              className="button button--quiet button--small"
              onClick={() => void copy(sent.link)}
            >
              Copy link
            </button>
            {copied === 'yes' && <p>Link copied.</p>}
            {copied === 'no' && <p>The link could not be copied: select it and copy it by hand.</p>}
          </Notice>
        )}
      </div>
      {invite.error && <Notice tone="error">{messageOf(invite.error)}</Notice>}
      <div className="panel panel--narrow panel--action">
        <h2>Who to invite</h2>
        <form className="stack" onSubmit={submit} aria-label="Invite staff" noValidate>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            required
            error={errors.email}
          />
          <Field label="Name" name="name" autoComplete="off" maxLength={100} required error={errors.name} />
          <fieldset
            className={`choice${errors.role ? ' field--invalid' : ''}`}
            aria-describedby={errors.role ? 'invite-role-error' : undefined}
          >
            <legend className="field__label">Role</legend>
            {STAFF_ROLES.map((role) => (
              <label key={role} className="choice__option">
                <input type="radio" name="role" value={role} aria-describedby={`invite-role-${role}`} />
                <span>
                  {ROLES[role].label}
                  <span className="field__hint choice__hint" id={`invite-role-${role}`}>
                    {ROLES[role].may}
                  </span>
                </span>
              </label>
            ))}
            {errors.role && (
              <p className="field__error" id="invite-role-error">
                {errors.role}
              </p>
            )}
          </fieldset>
          <button
            type="submit"
            className="button button--primary"
            aria-busy={invite.isPending || undefined}
            disabled={invite.isPending}
          >
            Send invitation
          </button>
        </form>
      </div>
    </section>
  );
}
