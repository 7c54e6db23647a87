import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PASSKEY_NAME_MAX_LENGTH, passkeyNameSchema } from '@app/contracts/passkeys';
import { STAFF_PASSKEY_ADD_MINUTES, staffPasskeyMessages, type StaffPasskey } from '@app/contracts/staff';
import { messageOf } from '../shared/api.ts';
import { formatDateTime } from '../shared/format.ts';
import { formText } from '../shared/form-text.ts';
import { addFailure, addPasskey, browserHasPasskeys, passkeysApi } from '../shared/passkeys.ts';
import { DataTable } from '../shared/ui/data-table.tsx';
import { Dialog } from '../shared/ui/dialog.tsx';
import { Field } from '../shared/ui/field.tsx';
import { Notice } from '../shared/ui/notice.tsx';
import { usePageTitle } from '../shared/ui/page-title.ts';

const PASSKEYS_KEY = ['staff-passkeys'] as const;

type Outcome = { tone: 'success' | 'error'; text: string };

/** "Remove this passkey?": what removing it does, then Remove or Cancel. */
function RemoveDialog({ passkey, onDone }: { passkey: StaffPasskey; onDone: (outcome?: Outcome) => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => passkeysApi.remove(passkey.id),
    onSuccess: () => onDone({ tone: 'success', text: staffPasskeyMessages.removed }),
    onError: (error) => onDone({ tone: 'error', text: messageOf(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
  return (
    <Dialog title="Remove this passkey?" onClose={() => onDone()}>
      <p className="dialog__lead">
        <strong>{passkey.name}</strong> won't sign you in any more. You can still sign in with your email,
        password and authenticator code.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--quiet" onClick={() => onDone()}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          Remove passkey
        </button>
      </div>
    </Dialog>
  );
}

/**
 * "Your passkeys" (any role; docs/staff-console.md "Signing in"): the passkeys of the member of staff signed in,
 * with when each was added and last used; a new one named and added on this device (in the minutes after
 * signing in), one removed after a confirmation. Results are announced; after a removal the focus goes to the
 * page's heading.
 */
export function PasskeysPage() {
  usePageTitle('Your passkeys');
  const queryClient = useQueryClient();
  const [supported] = useState(browserHasPasskeys);
  const [outcome, setOutcome] = useState<Outcome>();
  const [removing, setRemoving] = useState<StaffPasskey>();
  const [nameError, setNameError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: passkeysApi.list });
  const add = useMutation({
    mutationFn: addPasskey,
    onMutate: () => setOutcome(undefined),
    onSuccess: () => setOutcome({ tone: 'success', text: staffPasskeyMessages.added }),
    onError: (error) => setOutcome({ tone: 'error', text: addFailure(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });

  useEffect(() => {
    if (removing || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [removing]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = passkeyNameSchema.safeParse(formText(new FormData(form), 'name'));
    setNameError(name.error?.issues[0]?.message);
    if (name.success) add.mutate(name.data, { onSuccess: () => form.reset() });
    else (form.elements.namedItem('name') as HTMLInputElement | null)?.focus();
  };

  const column = createColumnHelper<StaffPasskey>();
  const columns = [
    column.display({ id: 'name', header: 'Name', cell: ({ row }) => <strong>{row.original.name}</strong> }),
    column.display({
      id: 'added',
      header: 'Added',
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    }),
    column.display({
      id: 'used',
      header: 'Last used to sign in',
      cell: ({ row }) => (row.original.lastUsedAt ? formatDateTime(row.original.lastUsedAt) : 'Not used yet'),
    }),
    column.display({
      id: 'remove',
      header: 'Remove',
      cell: ({ row }) => (
        <button
          type="button"
          className="button button--quiet button--small"
          aria-label={`Remove passkey ${row.original.name}`}
          onClick={() => setRemoving(row.original)}
        >
          Remove
        </button>
      ),
    }),
  ];

  return (
    <section className="page" aria-labelledby="passkeys-heading">
      <h1 id="passkeys-heading" ref={heading} tabIndex={-1}>
        Your passkeys
      </h1>
      <p className="lead">
        A passkey signs you in to the console on its own, instead of your password and authenticator code: you
        unlock it with your fingerprint, face, screen lock or security key. Only you can use it.
      </p>
      <div aria-live="polite" aria-atomic="true">
        {outcome?.tone === 'success' && <Notice tone="success">{outcome.text}</Notice>}
      </div>
      {outcome?.tone === 'error' && <Notice tone="error">{outcome.text}</Notice>}
      {passkeys.error && <Notice tone="error">{messageOf(passkeys.error)}</Notice>}
      {passkeys.isPending ? (
        <p className="loading" role="status">
          Loading…
        </p>
      ) : (
        <DataTable
          caption="Your passkeys"
          columns={columns}
          data={passkeys.data?.passkeys ?? []}
          rowKey={(row) => row.id}
          empty="You haven't added a passkey yet."
        />
      )}
      <div className="panel panel--narrow panel--action">
        <h2>Add a passkey</h2>
        {supported ? (
          <form className="stack" onSubmit={submit} aria-label="Add a passkey" noValidate>
            <Field
              label="Name"
              name="name"
              hint={`A name you'll know it by, like the laptop or security key it's on. You can add one in the ${STAFF_PASSKEY_ADD_MINUTES} minutes after signing in.`}
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              autoComplete="off"
              required
              error={nameError}
            />
            <button
              type="submit"
              className="button button--primary"
              aria-busy={add.isPending || undefined}
              disabled={add.isPending}
            >
              Add a passkey
            </button>
          </form>
        ) : (
          <Notice tone="warning">{staffPasskeyMessages.addUnsupported}</Notice>
        )}
      </div>
      {removing && (
        <RemoveDialog
          passkey={removing}
          onDone={(result) => {
            if (result) {
              setOutcome(result);
              focusHeading.current = true;
            }
            setRemoving(undefined);
          }}
        />
      )}
    </section>
  );
}
