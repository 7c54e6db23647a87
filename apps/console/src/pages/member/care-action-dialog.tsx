import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { REPLACEMENT_TYPES, type ReplacementType } from '@app/contracts/card';
import type { StaffMemberView } from '@app/contracts/staff';
import {
  careActionSchema,
  changeEmailRequestSchema,
  RESENDABLE_LINKS,
  replaceCardRequestSchema,
  resendLinkRequestSchema,
  type ResendableLink,
} from '@app/contracts/staff-careline';
import { ConsoleApiError, messageOf } from '../../shared/api.ts';
import { carelineApi } from '../../shared/careline-api.ts';
import { formatCardNumber, formatDateTime } from '../../shared/format.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Field, TextAreaField } from '../../shared/ui/field.tsx';
import { Notice } from '../../shared/ui/notice.tsx';

/** The careline's actions on a member (STAFF_ACTIONS names them; the card's are taken on one card). */
export type CareActionName =
  | 'blockCard'
  | 'unblockCard'
  | 'replaceCard'
  | 'clearLockout'
  | 'signOutEverywhere'
  | 'resendLink'
  | 'unlockSpending'
  | 'changeEmail'
  | 'closeAccount';

/** Which action's dialog is open, and on which card for a card's action. */
export interface OpenAction {
  name: CareActionName;
  card?: string;
}

type Member = StaffMemberView;
type Body = { reason: string } & Record<string, unknown>;
type Answer = { message: string };

interface ActionSpec {
  title: (member: Member, card: string) => string;
  /** What the action does, in a sentence or two above the fields. */
  lead: (member: Member) => string;
  submit: string;
  /** The contract's schema of the body: the form is checked with it before it is sent. */
  schema: ZodType;
  /** Extra fields before the reason. */
  fields?: 'replace' | 'link' | 'email';
  /** A second step that says the action cannot be undone. */
  confirm?: (member: Member) => string;
  send: (memberId: string, card: string, body: never) => Promise<Answer>;
}

const cardTitle = (verb: string) => (_member: Member, card: string) =>
  `${verb} card ${formatCardNumber(card)}`;

const ACTIONS: Record<CareActionName, ActionSpec> = {
  blockCard: {
    title: cardTitle('Block'),
    lead: () =>
      'Tills and the website refuse the card until it is unblocked. The balance stays on the account.',
    submit: 'Block the card',
    schema: careActionSchema,
    send: carelineApi.blockCard,
  },
  unblockCard: {
    title: cardTitle('Unblock'),
    lead: () => 'The card works again at tills and on the website.',
    submit: 'Unblock the card',
    schema: careActionSchema,
    send: carelineApi.unblockCard,
  },
  replaceCard: {
    title: cardTitle('Replace'),
    lead: () => 'A new card of the same account is sent to the member; the balance stays.',
    submit: 'Replace the card',
    schema: replaceCardRequestSchema,
    fields: 'replace',
    send: carelineApi.replaceCard,
  },
  clearLockout: {
    title: () => 'Clear the sign-in lockout',
    lead: (member) => {
      const until = member.signInLockedUntil ? ` until ${formatDateTime(member.signInLockedUntil)}` : '';
      const tries = `${member.failedSignIns} wrong attempts`;
      return `Sign-in is locked${until} after ${tries}. Clearing it lets the member try again now.`;
    },
    submit: 'Clear the lockout',
    schema: careActionSchema,
    send: (memberId, _card, body) => carelineApi.clearLockout(memberId, body),
  },
  signOutEverywhere: {
    title: () => 'Sign out everywhere',
    lead: () => "Ends the member's sessions on every device: they sign in again to carry on.",
    submit: 'Sign out everywhere',
    schema: careActionSchema,
    send: (memberId, _card, body) => carelineApi.signOutEverywhere(memberId, body),
  },
  resendLink: {
    title: () => 'Resend a link',
    lead: () => "The link goes to the member's own email address, never to one given on the call.",
    submit: 'Send the link',
    schema: resendLinkRequestSchema,
    fields: 'link',
    send: (memberId, _card, body) => carelineApi.resendLink(memberId, body),
  },
  unlockSpending: {
    title: () => 'Turn the spending lock off',
    lead: () => "With the lock off, the member's points can be spent again.",
    submit: 'Turn the lock off',
    schema: careActionSchema,
    send: (memberId, _card, body) => carelineApi.unlockSpending(memberId, body),
  },
  changeEmail: {
    title: () => 'Change the email',
    lead: () =>
      'The member signs in with the new address once they have verified it from the link sent there.',
    submit: 'Change the email',
    schema: changeEmailRequestSchema,
    fields: 'email',
    send: (memberId, _card, body) => carelineApi.changeEmail(memberId, body),
  },
  closeAccount: {
    title: () => 'Close the account',
    lead: () => 'Give the reason first; the next step asks you to confirm.',
    submit: 'Continue',
    schema: careActionSchema,
    confirm: (member) => `Close ${member.name || 'this member'}'s account? This cannot be undone.`,
    send: (memberId, _card, body) => carelineApi.closeAccount(memberId, body),
  },
};

/** The words of a field that is not right, by the field's name. */
const FIELD_ERRORS: Record<string, string> = {
  reason: 'Give the reason in 3 to 200 characters.',
  email: 'Enter the new email address, like name@example.com.',
  replacementType: 'Choose why the card is replaced.',
  link: 'Choose the link to send.',
};

const REPLACEMENT_WORDS: Record<ReplacementType, string> = {
  LOST: 'Lost',
  STOLEN: 'Stolen',
  DAMAGED: 'Damaged',
};
const LINK_WORDS: Record<ResendableLink, string> = {
  'email-verification': 'Verify the email address',
  'password-reset': 'Reset the password',
};

/** A group of radio buttons with its legend, and its error read out with it. */
function Choice({
  legend,
  name,
  options,
  error,
  defaultValue,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  error?: string | undefined;
  defaultValue?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={`choice${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            defaultChecked={option.value === defaultValue}
          />
          {option.label}
        </label>
      ))}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * One careline action in a dialog (docs/staff-console.md "Putting things right"): what it does, its fields
 * and the required reason the audit trail keeps. The form is checked with the contract's schema; the
 * server's answer goes to `onDone` (the page shows it and reads the member again), its refusal (a role that
 * may not, a state that changed) stays in the dialog in its words.
 */
export function CareActionDialog({
  member,
  open,
  onDone,
  onClose,
}: {
  member: Member;
  open: OpenAction;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const spec = ACTIONS[open.name];
  const card = open.card ?? '';
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The checked body, kept while the confirm step shows, and for its reason when the confirm step goes back.
  const [draft, setDraft] = useState<Body>();
  const [confirming, setConfirming] = useState(false);
  const warning = useRef<HTMLDivElement>(null);
  const reason = useRef<HTMLTextAreaElement>(null);
  const back = useRef(false);
  useEffect(() => {
    if (confirming) warning.current?.focus();
    else if (back.current) reason.current?.focus();
    back.current = false;
  }, [confirming]);
  const goBack = () => {
    back.current = true;
    setConfirming(false);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['member', member.id] });
  const action = useMutation({
    mutationFn: (body: Body) => spec.send(member.id, card, body as never),
    onSuccess: (answer) => {
      void refresh();
      onDone(answer.message);
    },
    onError: (error) => {
      // The member changed since the page read it (someone else acted): the page shows them as they are now.
      if (error instanceof ConsoleApiError && error.status === 409) void refresh();
      if (confirming) goBack();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.isPending) return;
    const form = new FormData(event.currentTarget);
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    const parsed = spec.schema.safeParse(fields);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]);
        found[name] ??= FIELD_ERRORS[name] ?? issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    action.reset();
    setDraft(parsed.data as Body);
    if (spec.confirm) setConfirming(true);
    else action.mutate(parsed.data as Body);
  };

  const refusal = action.error && <Notice tone="error">{messageOf(action.error)}</Notice>;
  if (confirming && draft && spec.confirm)
    return (
      <Dialog title={spec.title(member, card)} onClose={onClose}>
        <div className="stack stack--tight">
          <div ref={warning} tabIndex={-1} className="dialog__focus">
            <Notice tone="warning" title={spec.confirm(member)}>
              Their personal details are removed, and they are told by email. Nobody can open the account
              again.
            </Notice>
          </div>
          <div className="dialog__actions">
            <button type="button" className="button button--quiet" onClick={goBack}>
              Go back
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={action.isPending}
              onClick={() => action.mutate(draft)}
            >
              {action.isPending ? 'Closing…' : 'Yes, close the account'}
            </button>
          </div>
        </div>
      </Dialog>
    );

  const reasonError = errors['reason'];
  return (
    <Dialog title={spec.title(member, card)} onClose={onClose}>
      <p className="dialog__lead">{spec.lead(member)}</p>
      <form className="stack stack--tight" onSubmit={submit} noValidate aria-label={spec.title(member, card)}>
        {spec.fields === 'replace' && (
          <>
            <Choice
              legend="Why it is replaced"
              name="replacementType"
              options={REPLACEMENT_TYPES.map((value) => ({ value, label: REPLACEMENT_WORDS[value] }))}
              error={errors['replacementType']}
            />
            <Choice
              legend="What to send"
              name="cardType"
              options={[
                { value: 'CARD', label: 'A card' },
                { value: 'KEYTAG', label: 'A key tag' },
              ]}
              defaultValue="CARD"
            />
          </>
        )}
        {spec.fields === 'link' && (
          <Choice
            legend="Which link"
            name="link"
            options={RESENDABLE_LINKS.map((value) => ({ value, label: LINK_WORDS[value] }))}
            error={errors['link']}
          />
        )}
        {spec.fields === 'email' && (
          <Field
            label="New email address"
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            required
            error={errors['email']}
          />
        )}
        <TextAreaField
          ref={reason}
          label="Reason"
          hint="Why you are doing this. The audit trail keeps it; the member never sees it."
          error={reasonError}
          defaultValue={draft?.reason}
          name="reason"
          required
        />
        {refusal}
        <div className="dialog__actions">
          <button type="button" className="button button--quiet" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${open.name === 'closeAccount' ? 'button--danger' : 'button--primary'}`}
            disabled={action.isPending}
          >
            {action.isPending ? 'Sending…' : spec.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
