import { Link } from 'react-router';
import { MAX_OPEN_CLAIMS, type Claim } from '@app/contracts/missing-points';
import { Alert } from '../../shared/ui/alert.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useClaims } from './api/get-claims.ts';
import { usePendingPoints } from './api/get-pending-points.ts';
import { longDay, pounds } from './format.ts';
import { MissingPointsLayout } from './missing-points-layout.tsx';

const STATUS_WORDS: Record<Claim['status'], string> = {
  OPEN: 'Open: we’re looking into it',
  GRANTED: 'Points added',
  REFUSED: 'Not added',
};

function ClaimItem({ claim }: { claim: Claim }) {
  return (
    <li className="missing-points__claim">
      <div className="missing-points__claim-head">
        <h3>
          {claim.partnerName}, {longDay(claim.purchasedOn)}
        </h3>
        <span className={`missing-points__status missing-points__status--${claim.status.toLowerCase()}`}>
          {STATUS_WORDS[claim.status]}
        </span>
      </div>
      <p>
        {pounds(claim.spendPence)} · reference {claim.reference}
        {claim.hasReceipt ? ' · receipt attached' : ''}
      </p>
      <p className="missing-points__muted">
        Sent {longDay(claim.createdAt)}
        {claim.settledAt ? `, settled ${longDay(claim.settledAt)}` : ''}
      </p>
      {claim.status === 'GRANTED' ? (
        <p>
          <strong>{claim.pointsGranted} points</strong> added to your balance.
          {claim.operatorNote ? ` ${claim.operatorNote}` : ''}
        </p>
      ) : null}
      {claim.status === 'REFUSED' && claim.operatorNote ? <p>Why: {claim.operatorNote}</p> : null}
    </li>
  );
}

/** Points on their way, when there are any: they are not missing, only not in the balance yet. */
function PendingPoints() {
  const pending = usePendingPoints();
  if (!pending.data || pending.data.entries.length === 0) return null;
  return (
    <section aria-labelledby="missing-points-pending" className="missing-points__section">
      <h2 id="missing-points-pending">Points on their way</h2>
      <Card>
        <ul className="missing-points__list">
          {pending.data.entries.map((entry) => (
            <li key={entry.id} className="missing-points__claim">
              <div className="missing-points__claim-head">
                <h3>
                  {entry.partnerName}, {longDay(entry.purchasedOn)}
                </h3>
                <span className="missing-points__status missing-points__status--pending">
                  {entry.points} points
                </span>
              </div>
              <p>
                {pounds(entry.spendPence)} · reference {entry.reference} · due by {longDay(entry.expectedOn)}
              </p>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

/** /account/missing-points: the member's claims with their status, and the way to a new one. */
export function MissingPointsPage() {
  const claims = useClaims();
  const openCount = claims.data?.openCount ?? 0;
  const full = openCount >= MAX_OPEN_CLAIMS;
  return (
    <MissingPointsLayout title="Missing points" back={{ to: '/account', label: 'Back to your account' }}>
      <p className="missing-points__intro">
        Shopped with us but the points didn’t arrive? Tell us about the purchase: we check your account first,
        and answer at once when the points are already there or on their way.
      </p>
      {full ? (
        <Alert tone="info" live="none">
          <p>
            You have {MAX_OPEN_CLAIMS} claims waiting for an answer. You can send another once one is settled.
          </p>
        </Alert>
      ) : (
        <Link className="button button--primary missing-points__new" to="/account/missing-points/claim">
          Claim missing points
        </Link>
      )}
      <PendingPoints />
      <section aria-labelledby="missing-points-claims" className="missing-points__section">
        <h2 id="missing-points-claims">Your claims</h2>
        {claims.isPending ? (
          <Spinner label="Loading your claims" />
        ) : claims.isError ? (
          <Alert>{claims.error.message}</Alert>
        ) : claims.data.claims.length === 0 ? (
          <Card>
            <p className="missing-points__empty">
              You haven’t claimed any missing points. Claims for purchases in the last 90 days show here with
              their status.
            </p>
          </Card>
        ) : (
          <Card>
            <ul className="missing-points__list">
              {claims.data.claims.map((claim) => (
                <ClaimItem key={claim.id} claim={claim} />
              ))}
            </ul>
          </Card>
        )}
      </section>
    </MissingPointsLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { MissingPointsPage as Component };
