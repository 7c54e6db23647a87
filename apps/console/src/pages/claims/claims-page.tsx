import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueuedClaim } from '@app/contracts/staff-careline';
import { messageOf } from '../../shared/api.ts';
import { carelineApi } from '../../shared/careline-api.ts';
import { useStaffSession } from '../../shared/session.ts';
import { Notice } from '../../shared/ui/notice.tsx';
import { usePageTitle } from '../../shared/ui/page-title.ts';
import { ClaimDecisionDialog, CLAIMS_KEY, type Verdict } from './claim-decision-dialog.tsx';
import { ClaimsTable } from './claims-table.tsx';
import './claims.css';

const NO_CLAIMS: QueuedClaim[] = [];

/**
 * The claims queue (a supervisor or an admin; docs/staff-console.md "Claims queue"): the missing-points
 * claims no record answered, oldest first, each granted with its points or refused with the reason the
 * member reads.
 */
export function ClaimsPage() {
  usePageTitle('Claims');
  const { may } = useStaffSession();
  const claims = useQuery({ queryKey: CLAIMS_KEY, queryFn: carelineApi.claims });
  const [deciding, setDeciding] = useState<{ claim: QueuedClaim; verdict: Verdict }>();
  const [done, setDone] = useState<{ message: string; at: number }>();
  const result = useRef<HTMLDivElement>(null);
  const decide = useCallback((claim: QueuedClaim, verdict: Verdict) => setDeciding({ claim, verdict }), []);
  // The result takes the focus from the dialog that closed: the row that opened it has left the queue.
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);

  return (
    <section className="page" aria-labelledby="claims-heading">
      <h1 id="claims-heading">Claims</h1>
      <p className="lead">
        Missing-points claims no record answered, oldest first. Grant the points, or refuse with the reason
        the member reads.
      </p>
      <div ref={result} tabIndex={-1} className="claims__result">
        {done && (
          <Notice key={done.at} tone="success">
            {done.message}
          </Notice>
        )}
      </div>
      {claims.error && <Notice tone="error">{messageOf(claims.error)}</Notice>}
      {claims.isPending ? (
        <p className="loading" role="status">
          Loading…
        </p>
      ) : (
        <ClaimsTable claims={claims.data ?? NO_CLAIMS} onDecide={may('decideClaim') ? decide : undefined} />
      )}
      {deciding && (
        <ClaimDecisionDialog
          claim={deciding.claim}
          verdict={deciding.verdict}
          onClose={() => setDeciding(undefined)}
          onDone={(message) => {
            setDeciding(undefined);
            setDone({ message, at: Date.now() });
          }}
        />
      )}
    </section>
  );
}
