import type { ReactNode } from 'react';
import { MEMBER_VIEW_LIMITS, type StaffMemberView } from '@app/contracts/staff';
import { formatDate, formatDateTime, formatPoints } from '../../shared/format.ts';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import {
  ClaimsTable,
  OffersTable,
  PartnerLinksTable,
  PendingPointsTable,
  StaffChangesTable,
  TransfersTable,
  VouchersTable,
} from './member-tables.tsx';
import {
  ConsentsTable,
  DevicesTable,
  PasskeysTable,
  SecurityEventsTable,
  SessionsTable,
} from './security-tables.tsx';
import './member-screen.css';

/** The sections below the ledger, by their anchors: what the overview's "On this page" links to. */
export const RECORD_SECTIONS = [
  {
    id: 'pending',
    title: 'Points on their way',
    count: (m: StaffMemberView) => m.pendingPoints.entries.length,
  },
  { id: 'goal', title: 'Points goal', count: () => undefined },
  { id: 'offers', title: 'Offers', count: (m: StaffMemberView) => m.offers.length },
  { id: 'vouchers', title: 'Vouchers', count: (m: StaffMemberView) => m.vouchers.length },
  { id: 'partners', title: 'Linked partners', count: (m: StaffMemberView) => m.partnerLinks.length },
  { id: 'claims', title: 'Missing-points claims', count: (m: StaffMemberView) => m.claims.length },
  { id: 'changes', title: 'Changes by staff', count: (m: StaffMemberView) => m.adjustments.length },
  { id: 'sign-in', title: 'Sign-in and devices', count: (m: StaffMemberView) => m.sessions.length },
  { id: 'passkeys', title: 'Passkeys', count: (m: StaffMemberView) => m.passkeys.length },
  { id: 'security-log', title: 'Security log', count: (m: StaffMemberView) => m.securityEvents.length },
  { id: 'preferences', title: 'Marketing and consents', count: (m: StaffMemberView) => m.consents.length },
] as const;
type SectionId = (typeof RECORD_SECTIONS)[number]['id'];
const titleOf = (id: SectionId) => RECORD_SECTIONS.find((section) => section.id === id)?.title ?? id;

/** A panel with its heading (for a screen reader's list of headings) and the anchor the overview links to. */
function Section({ id, lead, children }: { id: SectionId; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className="panel record" aria-labelledby={`${id}-heading`} id={id}>
      <h2 id={`${id}-heading`}>{titleOf(id)}</h2>
      {lead && <p className="record__lead">{lead}</p>}
      {children}
    </section>
  );
}

/** Said under a list that holds as many rows as the screen shows: older ones are not here. */
const latest = (rows: unknown[], what: string) =>
  rows.length >= MEMBER_VIEW_LIMITS.list ? `The latest ${MEMBER_VIEW_LIMITS.list} ${what}.` : undefined;

const yesNo = (value: boolean) => (
  <StatusBadge status={value ? 'active' : 'neutral'} label={value ? 'yes' : 'no'} />
);

function Goal({ goal }: { goal: StaffMemberView['goal'] }) {
  if (!goal) return <p className="table-empty">No points goal set.</p>;
  return (
    <dl className="details">
      <div className="detail">
        <dt>Saving for</dt>
        <dd>
          <span>
            {goal.title} <span className="mono mono--small">· {goal.partner}</span>
          </span>
        </dd>
      </div>
      <div className="detail">
        <dt>Costs</dt>
        <dd>{formatPoints(goal.points)} points</dd>
      </div>
      <div className="detail">
        <dt>Still to collect</dt>
        <dd>
          {goal.reached ? (
            <StatusBadge status="active" label="reached" />
          ) : (
            `${formatPoints(goal.pointsToGo)} points`
          )}
        </dd>
      </div>
      <div className="detail">
        <dt>Reached at their pace</dt>
        <dd>
          {goal.estimatedOn
            ? `about ${formatDate(goal.estimatedOn)}`
            : goal.reached
              ? '—'
              : 'No estimate: no points collected in the last 90 days'}
        </dd>
      </div>
      <div className="detail">
        <dt>Set</dt>
        <dd>{formatDate(goal.setAt)}</dd>
      </div>
    </dl>
  );
}

function Preferences({ preferences }: { preferences: StaffMemberView['preferences'] }) {
  const choices = [
    ['Email', preferences.email],
    ['SMS', preferences.sms],
    ['Post', preferences.post],
    ['Phone', preferences.phone],
    ['Online advertising', preferences.onlineAdvertising],
  ] as const;
  return (
    <>
      <dl className="choices" aria-label="Marketing preferences">
        {choices.map(([label, value]) => (
          <div key={label} className="choices__item">
            <dt>{label}</dt>
            <dd>{yesNo(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="record__lead">
        {preferences.updatedAt
          ? `Last changed ${formatDateTime(preferences.updatedAt)}.`
          : 'Never chosen: no marketing by any channel, online advertising on.'}
      </p>
    </>
  );
}

/**
 * The rest of the member on one screen (docs/staff-console.md "The member on one screen"), each section a
 * table with its empty state: points on their way and the goal, offers and vouchers, linked partners and
 * transfers, claims and staff changes, sign-in (sessions, trusted devices, passkeys), the member's security
 * log, and their marketing choices and consents. Never a secret: the server sends none.
 */
export function MemberRecords({ member }: { member: StaffMemberView }) {
  const pending = member.pendingPoints;
  return (
    <div className="member records">
      <div className="member__grid member__grid--even">
        <Section
          id="pending"
          lead={
            pending.total > 0 ? `${formatPoints(pending.total)} points not yet in the balance.` : undefined
          }
        >
          <PendingPointsTable entries={pending.entries} />
        </Section>
        <Section id="goal">
          <Goal goal={member.goal} />
        </Section>
      </div>

      <Section
        id="offers"
        lead={
          member.offersAssigned === 0
            ? undefined
            : `${member.offersAssigned} offers given to the member; ${
                member.offers.length >= MEMBER_VIEW_LIMITS.list
                  ? `the ${MEMBER_VIEW_LIMITS.list} saved last are here.`
                  : 'those they loaded, opted into, hid or used are here.'
              }`
        }
      >
        <OffersTable offers={member.offers} />
      </Section>

      <div className="member__grid member__grid--even">
        <Section id="vouchers" lead={latest(member.vouchers, 'vouchers')}>
          <VouchersTable vouchers={member.vouchers} />
        </Section>
        <Section id="partners">
          <PartnerLinksTable links={member.partnerLinks} />
          <h3>Points transfers</h3>
          <TransfersTable transfers={member.transfers} />
          {latest(member.transfers, 'transfers') && (
            <p className="record__lead">{latest(member.transfers, 'transfers')}</p>
          )}
        </Section>
      </div>

      <div className="member__grid member__grid--even">
        <Section id="claims" lead={latest(member.claims, 'claims')}>
          <ClaimsTable claims={member.claims} />
        </Section>
        <Section id="changes">
          <StaffChangesTable changes={member.adjustments} />
        </Section>
      </div>

      <div className="member__grid member__grid--even">
        <Section id="sign-in">
          <SessionsTable sessions={member.sessions} />
          <h3>Trusted devices</h3>
          <DevicesTable devices={member.devices} />
        </Section>
        <Section id="passkeys">
          <PasskeysTable passkeys={member.passkeys} />
        </Section>
      </div>

      <div className="member__grid member__grid--even">
        <Section id="security-log" lead={latest(member.securityEvents, 'events')}>
          <SecurityEventsTable events={member.securityEvents} />
        </Section>
        <Section id="preferences">
          <Preferences preferences={member.preferences} />
          <h3>Consents</h3>
          <ConsentsTable consents={member.consents} />
        </Section>
      </div>
    </div>
  );
}
