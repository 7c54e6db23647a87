import type { StaffMemberView } from '@app/contracts/staff';
import { formatDate, formatDateTime, formatPoints } from '../../shared/format.ts';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { CardsTable, ClaimsTable, LedgerTable, StaffChangesTable } from './member-tables.tsx';
import { PointsForm } from './points-form.tsx';
import { RevealableDetail } from './revealable-detail.tsx';

/**
 * The member on one screen, masked until a reveal (docs/staff-console.md "The member on one screen"): who
 * they are and their balance, then the one thing to do here (add or take points), then their cards, ledger,
 * claims and the changes staff made.
 */
export function MemberOverview({
  member,
  mayReveal,
  mayAdjust,
}: {
  member: StaffMemberView;
  mayReveal: boolean;
  mayAdjust: boolean;
}) {
  const detail = { memberId: member.id, mayReveal };
  return (
    <div className="member">
      <header className="member__header">
        <div>
          <h1>{member.name || 'No name given'}</h1>
          <p className="member__meta">
            <StatusBadge status={member.status} /> <span>{member.accountKind} account</span>
            <span>Joined {formatDate(member.joinedAt)}</span>
            <span className="mono mono--small">{member.id}</span>
          </p>
        </div>
        <div className="balance" role="group" aria-label="Balance">
          <span className="balance__label">Balance</span>
          <span className="balance__value">{formatPoints(member.balance)}</span>
          <span className="balance__unit">points</span>
        </div>
      </header>

      {(member.spendingLocked || member.signInLockedUntil) && (
        <ul className="flags" aria-label="Locks on this account">
          {member.spendingLocked && <li>Spending is locked</li>}
          {member.signInLockedUntil && (
            <li>Sign-in locked until {formatDateTime(member.signInLockedUntil)}</li>
          )}
        </ul>
      )}

      <div className="member__grid">
        <section className="panel" aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <dl className="details">
            <RevealableDetail {...detail} field="email" label="Email" masked={member.email} />
            <RevealableDetail {...detail} field="mobile" label="Mobile" masked={member.mobile} />
            <RevealableDetail
              {...detail}
              field="dateOfBirth"
              label="Date of birth"
              masked={member.dateOfBirth}
            />
            <RevealableDetail {...detail} field="address" label="Address" masked={member.postcode} />
            <div className="detail">
              <dt>Failed sign-ins in a row</dt>
              <dd>{member.failedSignIns}</dd>
            </div>
          </dl>
          <h3>Cards</h3>
          <CardsTable cards={member.cards} />
        </section>
        {mayAdjust && <PointsForm memberId={member.id} />}
      </div>

      <section className="panel" aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">Points ledger</h2>
        <LedgerTable ledger={member.ledger} />
      </section>
      <div className="member__grid member__grid--even">
        <section className="panel" aria-labelledby="changes-heading">
          <h2 id="changes-heading">Changes by staff</h2>
          <StaffChangesTable changes={member.adjustments} />
        </section>
        <section className="panel" aria-labelledby="claims-heading">
          <h2 id="claims-heading">Missing-points claims</h2>
          <ClaimsTable claims={member.claims} />
        </section>
      </div>
    </div>
  );
}
