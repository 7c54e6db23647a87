import { useEffect, useRef, useState } from 'react';
import type { StaffAction, StaffMemberView } from '@app/contracts/staff';
import { formatCardNumber } from '../../shared/format.ts';
import { useStaffSession } from '../../shared/session.ts';
import { Notice } from '../../shared/ui/notice.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { CareActionDialog, type CareActionName, type OpenAction } from './care-action-dialog.tsx';
import './member-actions.css';

/** The actions a card in this state can take: an active card is blocked, a blocked one unblocked. */
const CARD_ACTIONS: Record<string, CareActionName[]> = {
  active: ['blockCard', 'replaceCard'],
  blocked: ['unblockCard', 'replaceCard'],
};
const CARD_VERBS: Partial<Record<CareActionName, string>> = {
  blockCard: 'Block',
  unblockCard: 'Unblock',
  replaceCard: 'Replace',
};

/** A button that opens an action's dialog; the card's number completes its name for a screen reader. */
function ActionButton({
  label,
  hidden,
  danger,
  onClick,
}: {
  label: string;
  hidden?: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`button button--small ${danger ? 'button--danger-quiet' : 'button--secondary'}`}
      onClick={onClick}
    >
      {label}
      {hidden && <span className="visually-hidden"> {hidden}</span>}
    </button>
  );
}

/**
 * Putting things right (docs/staff-console.md "Putting things right"): the careline's actions on this
 * member's cards and account, only those the role may take (`me.actions`) and the member's state calls for.
 * Each opens a dialog with its reason; what the server did shows here and the member is read again.
 */
export function MemberActions({ member }: { member: StaffMemberView }) {
  const { may } = useStaffSession();
  const [open, setOpen] = useState<OpenAction>();
  const [done, setDone] = useState<{ message: string; at: number }>();
  const result = useRef<HTMLDivElement>(null);
  // The result takes the focus from the dialog that closed: the control that opened it may have gone.
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);

  const closed = member.status === 'closed';
  const mayOn = (name: CareActionName) => may(name satisfies StaffAction);
  const cards = closed
    ? []
    : member.cards
        .map((card) => ({ card, actions: (CARD_ACTIONS[card.status] ?? []).filter(mayOn) }))
        .filter(({ actions }) => actions.length > 0);
  const accountActions: { name: CareActionName; label: string; when: boolean }[] = [
    { name: 'clearLockout', label: 'Clear the sign-in lockout', when: member.signInLockedUntil !== null },
    { name: 'signOutEverywhere', label: 'Sign out everywhere', when: true },
    { name: 'resendLink', label: 'Resend a link', when: true },
    { name: 'unlockSpending', label: 'Turn the spending lock off', when: member.spendingLocked },
    { name: 'changeEmail', label: 'Change the email', when: true },
  ];
  const account = closed ? [] : accountActions.filter(({ name, when }) => when && mayOn(name));
  const mayClose = !closed && mayOn('closeAccount');
  if (cards.length === 0 && account.length === 0 && !mayClose && !done) return null;

  return (
    <section className="panel care" aria-labelledby="care-heading">
      <h2 id="care-heading">Put things right</h2>
      <div ref={result} tabIndex={-1} className="care__result">
        {done && (
          <Notice key={done.at} tone="success">
            {done.message}
          </Notice>
        )}
      </div>
      {cards.length > 0 && (
        <>
          <h3>Cards</h3>
          <ul className="care__cards">
            {cards.map(({ card, actions }) => (
              <li key={card.number} className="care__card">
                <span className="mono">{formatCardNumber(card.number)}</span>
                <StatusBadge status={card.status} />
                <span className="care__buttons">
                  {actions.map((name) => (
                    <ActionButton
                      key={name}
                      label={CARD_VERBS[name] ?? name}
                      hidden={`card ${formatCardNumber(card.number)}`}
                      onClick={() => setOpen({ name, card: card.number })}
                    />
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {(account.length > 0 || mayClose) && (
        <>
          <h3>Account</h3>
          <div className="care__buttons">
            {account.map(({ name, label }) => (
              <ActionButton key={name} label={label} onClick={() => setOpen({ name })} />
            ))}
            {mayClose && (
              <ActionButton
                label="Close the account"
                danger
                onClick={() => setOpen({ name: 'closeAccount' })}
              />
            )}
          </div>
        </>
      )}
      {closed && <p className="care__closed">This account is closed: there is nothing to put right.</p>}
      {open && (
        <CareActionDialog
          member={member}
          open={open}
          onClose={() => setOpen(undefined)}
          onDone={(message) => {
            setOpen(undefined);
            setDone({ message, at: Date.now() });
          }}
        />
      )}
    </section>
  );
}
