import type { ReactNode } from 'react';
import type { StaffMemberView } from '@app/contracts/staff';
import { formatDate, formatDateTime, formatPoints } from '../../shared/format.ts';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { LedgerSection } from './ledger-section.tsx';
import { RECORD_SECTIONS } from './member-records.tsx';
import { CardsTable } from './member-tables.tsx';
import { PointsForm } from './points-form.tsx';
import { RevealableDetail } from './revealable-detail.tsx';
import './member-screen.css';

/** Links to the screen's sections, each with how many rows it holds: a long page, read by jumping. */
function SectionLinks({ member }: { member: StaffMemberView }) {
  return (
    <nav className="jump" aria-label="Sections of this member">
      <ul>
        <li>
          <a href="#ledger">
            Ledger <span className="jump__count">{member.ledger.length}</span>
          </a>
        </li>
        {RECORD_SECTIONS.map(({ id, title, count }) => {
          const rows = count(member);
          return (
            <li key={id}>
              <a href={`#${id}`}>
                {title} {rows !== undefined && <span className="jump__count">{rows}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The top of the member on one screen, masked until a reveal (docs/staff-console.md "The member on one
 * screen"): who they are and their balance, links to every section, then the one thing to do here (add or
 * take points) beside their details and cards, then the ledger with its filters. The other sections follow
 * (member-records.tsx).
 */
export function MemberOverview({
  member,
  mayReveal,
  mayAdjust,
  actions,
}: {
  member: StaffMemberView;
  mayReveal: boolean;
  mayAdjust: boolean;
  /** What the careline may do for the member, right under who they are and before their history. */
  actions?: ReactNode;
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

      <SectionLinks member={member} />

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

      {actions}
      <LedgerSection ledger={member.ledger} />
    </div>
  );
}
