import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { OFFER_KINDS, type StaffOfferDetails } from '@app/contracts/staff-offers';
import { messageOf } from '../../shared/api.ts';
import { formatDateTime, formatPoints } from '../../shared/format.ts';
import { offerKeys, offerPerformanceCsv, offersApi } from '../../shared/offers-api.ts';
import { Notice } from '../../shared/ui/notice.tsx';
import { usePageTitle } from '../../shared/ui/page-title.ts';
import { OfferActions } from './offer-actions.tsx';
import { OfferPreview } from './offer-preview.tsx';
import { audienceText, CampaignLink, LifecycleBadge, pointsCost, ruleText } from './offer-words.tsx';
import { PerformanceFigures } from './performance-figures.tsx';
import './offers.css';

/** How often the figures of a running offer are read again. */
const FIGURES_EVERY_MS = 30_000;

/** One line of the summary: a name and its value. */
function Detail({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="detail">
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Who wrote it, sent it for approval and approved it, and why it was stopped or sent back. */
function People({ offer }: { offer: StaffOfferDetails }) {
  return (
    <dl className="people">
      <div>
        <dt>Written by</dt>
        <dd>{offer.createdBy ?? 'Not known'}</dd>
      </div>
      <div>
        <dt>Sent for approval by</dt>
        <dd>{offer.submittedBy ?? 'Not sent yet'}</dd>
      </div>
      <div>
        <dt>Approved by</dt>
        <dd>{offer.approvedBy ?? 'Not approved yet'}</dd>
      </div>
      <div>
        <dt>Last changed</dt>
        <dd>{formatDateTime(offer.updatedAt)}</dd>
      </div>
    </dl>
  );
}

/** What it did: read once it was approved, and again every 30 seconds while the page is open. */
function Performance({ offer }: { offer: StaffOfferDetails }) {
  const approved = offer.lifecycle !== 'draft' && offer.lifecycle !== 'awaiting-approval';
  const performance = useQuery({
    queryKey: offerKeys.performance(offer.id),
    queryFn: () => offersApi.performance(offer.id),
    enabled: approved,
    refetchInterval: offer.lifecycle === 'ended' ? false : FIGURES_EVERY_MS,
  });
  if (!approved) {
    return <p className="table-empty">Its figures start once it is approved and live.</p>;
  }
  if (performance.isPending) {
    return performance.error ? null : (
      <p className="loading" role="status">
        Loading the figures…
      </p>
    );
  }
  return (
    <>
      {performance.error && <Notice tone="error">{messageOf(performance.error)}</Notice>}
      {performance.data && (
        <PerformanceFigures
          performance={performance.data}
          budgetLabel={`Points issued of the budget of ${offer.title}`}
          csvHref={offerPerformanceCsv(offer.id)}
          updatedAt={performance.dataUpdatedAt}
        />
      )}
    </>
  );
}

/**
 * An offer's page (docs/staff-console.md "Offers and campaigns"): its summary and lifecycle, who wrote, sent
 * and approved it, the steps this person may take now, a preview as a member sees it, and what it did.
 */
export function OfferPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const saved = (location.state as { saved?: string } | null)?.saved;
  const offer = useQuery({ queryKey: offerKeys.offer(id), queryFn: () => offersApi.get(id) });
  // The library's pictures, for the offer's own beside its title (an upload's is on its preview).
  const pictures = useQuery({
    queryKey: offerKeys.pictures,
    queryFn: offersApi.pictures,
    staleTime: 300_000,
  });
  usePageTitle(offer.data?.title ?? 'Offer');
  const [done, setDone] = useState<{ message: string; at: number }>();
  const result = useRef<HTMLDivElement>(null);
  // A step's result takes the focus from the dialog that closed, so it is read out and the reader is at it.
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);

  if (offer.isPending) {
    return (
      <p className="loading" role="status">
        Loading the offer…
      </p>
    );
  }
  if (offer.error) {
    return (
      <section className="page">
        <p className="back">
          <Link to="/offers">Offers</Link>
        </p>
        <Notice tone="error" title="The offer could not be opened">
          {messageOf(offer.error)}
        </Notice>
      </section>
    );
  }
  const shown = offer.data;
  const draft = shown.draft;
  const pictureUrl = pictures.data?.find((picture) => picture.key === draft.picture)?.url;
  return (
    <section className="page offer" aria-labelledby="offer-heading">
      <p className="back">
        <Link to="/offers">Offers</Link>
      </p>
      <header className="offer__header">
        {pictureUrl && <img className="offer__picture" src={pictureUrl} alt="" width={160} height={100} />}
        <div>
          <p className="step">
            {OFFER_KINDS[shown.kind].label} · {shown.sponsorDisplayName}
          </p>
          <h1 id="offer-heading">{shown.title}</h1>
          <p className="offer__meta">
            <LifecycleBadge lifecycle={shown.lifecycle} />
            <span>
              Campaign: <CampaignLink campaign={shown.campaign} />
            </span>
            <span>
              Version {shown.version}
              {shown.previousVersionId && (
                <>
                  {' '}
                  (<Link to={`/offers/${shown.previousVersionId}`}>the version before</Link>)
                </>
              )}
            </span>
          </p>
        </div>
      </header>
      <div ref={result} tabIndex={-1} className="offer__result">
        {(done ?? saved) && (
          <Notice key={done?.at ?? 'saved'} tone="success">
            {done?.message ?? saved}
          </Notice>
        )}
      </div>
      {shown.stoppedReason && (
        <Notice tone="warning" title={shown.lifecycle === 'draft' ? 'Sent back' : 'Stopped'}>
          {shown.stoppedReason}
        </Notice>
      )}
      {draft.audience.kind === 'list' && shown.listCount === null && shown.lifecycle === 'draft' && (
        <Notice tone="info" title="Upload the list of cards">
          The offer is for a list of cards: upload the list on its{' '}
          <Link to={`/offers/${shown.id}/edit`}>Edit page</Link>, then send it for approval.
        </Notice>
      )}

      <div className="offer__grid">
        <aside className="panel panel--action offer__side" aria-labelledby="offer-next">
          <h2 id="offer-next">What happens next</h2>
          <OfferActions offer={shown} onDone={(message) => setDone({ message, at: Date.now() })} />
          <People offer={shown} />
        </aside>
        <section className="panel offer__summary" aria-labelledby="offer-summary">
          <h2 id="offer-summary">Summary</h2>
          <dl className="details">
            <Detail name="Runs">
              {formatDateTime(shown.validFrom)} to {formatDateTime(shown.validTo)}
            </Detail>
            <Detail name="Who gets it">{audienceText(draft.audience, shown.listCount)}</Detail>
            <Detail name="The till pays">{ruleText(draft.rule)}</Detail>
            <Detail name="Most per member">
              {draft.maxPerMember === 1 ? 'Once' : `${draft.maxPerMember} times`}
            </Detail>
            <Detail name="Points shown">{draft.points === null ? 'None' : formatPoints(draft.points)}</Detail>
            <Detail name="Budget">
              {shown.budgetPoints === null ? (
                'No budget'
              ) : (
                <span>
                  {formatPoints(shown.budgetPoints)} points ({pointsCost(shown.budgetPoints)})
                </span>
              )}
            </Detail>
            <Detail name="Category">
              {draft.category.name} <span className="mono mono--small">{draft.category.key}</span>
            </Detail>
            <Detail name="Description">{draft.description}</Detail>
          </dl>
        </section>
      </div>

      <section className="panel" aria-labelledby="offer-preview">
        <h2 id="offer-preview">Preview</h2>
        <p className="offer__lead">The offer’s card, its hero card and its page, as a member sees them.</p>
        <OfferPreview offerId={shown.id} />
      </section>

      <section className="panel" aria-labelledby="offer-performance">
        <h2 id="offer-performance">What it did</h2>
        <Performance offer={shown} />
      </section>
    </section>
  );
}
