import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { signInPathFor } from '@app/contracts/routes';
import { YEAR_IN_REVIEW_ID, type Playback } from '@app/contracts/year-in-review';
import { HttpError } from '../../shared/http/client.ts';
import { hasSessionMarker } from '../../shared/session/session-marker.ts';
import { writeStored } from '../../shared/storage/storage.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { usePlayback } from './api/get-playback.ts';
import './year-in-review.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { MONTHS } from '../../shared/format/uk-format.ts';

/** Each slide stays this long while playing; the member can pause, step back and forward. */
const SLIDE_MS = 6000;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** A number that counts up when its slide appears (shown whole at once with reduced motion). */
function CountUp({ to }: { to: number }) {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? to : 0));
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / 1200);
      setShown(Math.round(to * (1 - (1 - progress) ** 3)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [to]);
  return <span aria-hidden="true">{shown.toLocaleString('en-GB')}</span>;
}

function Figure({ value, label }: { value: number; label: string }) {
  return (
    <p className="yir__figure">
      <CountUp to={value} />
      <span className="visually-hidden">{value.toLocaleString('en-GB')}</span> {label}
    </p>
  );
}

function slidesOf(data: Playback): Array<{ key: string; content: ReactNode }> {
  const slides: Array<{ key: string; content: ReactNode }> = [
    {
      key: 'hello',
      content: (
        <>
          <h2>
            {data.firstName}, this was your {data.year}
          </h2>
          <p>Here's your year with {brand.name}, from every point you collected and spent.</p>
        </>
      ),
    },
  ];
  if (data.pointsCollected === 0 && data.pointsSpent === 0) {
    slides.push({
      key: 'empty',
      content: (
        <>
          <h2>A quiet year</h2>
          <p>
            You didn't collect or spend points in {data.year}. Scan your card when you shop and next year's
            review will be full of them.
          </p>
        </>
      ),
    });
    return slides;
  }
  slides.push({
    key: 'collected',
    content: (
      <>
        <h2>You collected</h2>
        <Figure value={data.pointsCollected} label="points" />
        <p>
          in {data.collections} {data.collections === 1 ? 'visit' : 'visits'} to the till and our partners.
        </p>
      </>
    ),
  });
  if (data.topPartners.length > 0) {
    const most = data.topPartners[0]?.points ?? 1;
    slides.push({
      key: 'partners',
      content: (
        <>
          <h2>Where you collected most</h2>
          <ol className="yir__bars">
            {data.topPartners.map((partner) => (
              <li key={partner.source}>
                <span>{partner.name}</span>
                <span
                  className="yir__bar"
                  style={{ width: `${Math.max(8, (partner.points / most) * 100)}%` }}
                />
                <span>{partner.points.toLocaleString('en-GB')} points</span>
              </li>
            ))}
          </ol>
        </>
      ),
    });
  }
  if (data.bestMonth) {
    slides.push({
      key: 'month',
      content: (
        <>
          <h2>Your best month</h2>
          <p className="yir__figure">{MONTHS[data.bestMonth - 1]}</p>
          <p>{data.bestMonthPoints.toLocaleString('en-GB')} points in one month.</p>
        </>
      ),
    });
  }
  slides.push({
    key: 'saved',
    content:
      data.pointsSpent > 0 ? (
        <>
          <h2>You spent {data.pointsSpent.toLocaleString('en-GB')} points</h2>
          <p className="yir__figure">
            £
            {data.savedPounds.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </p>
          <p>off your shopping.</p>
        </>
      ) : (
        <>
          <h2>Saving them up?</h2>
          <p>You didn't spend points this year. Every 200 points are worth £1 when you're ready.</p>
        </>
      ),
  });
  slides.push({
    key: 'end',
    content: (
      <>
        <h2>Thanks for a great {data.year}</h2>
        <p>Here's to collecting even more next year.</p>
        <Link className="button button--secondary" to="/homepage">
          See this year's offers
        </Link>
      </>
    ),
  });
  return slides;
}

/**
 * /dataplayback/:year/:yirId: the member's year as slides that play by themselves (pause, previous, next and
 * the arrow keys control them; reduced motion turns the animation off). The playback id is remembered under
 * 'year-in-review' and forgotten at logout (docs/product/switches-and-constants.md §S9,
 * docs/product/registration-and-sign-in.md §R2 Logout).
 */
export function YearInReviewPage() {
  return hasSessionMarker() ? <MemberYearInReview /> : <VisitorYearInReview />;
}

/**
 * The route is public (docs/product/signed-in-pages.md §S2.2); a year is a member's own, so a visitor is
 * asked to log in.
 */
function VisitorYearInReview() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="page yir">
      <h1>Your year in review</h1>
      <p>Your points, your favourite partners and what you saved this year, played back as a few slides.</p>
      <p>
        <Link to={signInPathFor(pathname)}>Log in to play your year</Link>
      </p>
    </main>
  );
}

function MemberYearInReview() {
  const { year = '', yirId = '' } = useParams();
  const playback = usePlayback(year);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const slides = playback.data ? slidesOf(playback.data) : [];
  const last = slides.length - 1;

  useEffect(() => {
    if (yirId) writeStored(YEAR_IN_REVIEW_ID, yirId);
  }, [yirId]);

  useEffect(() => {
    if (!playing || last < 0 || index >= last) return;
    const timer = setTimeout(() => setIndex((i) => Math.min(i + 1, last)), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [playing, index, last]);

  if (playback.isPending) {
    return (
      <main id="main" className="page yir">
        <h1>Your year in review</h1>
        <Spinner label="Putting your year together" size="large" />
      </main>
    );
  }
  if (playback.isError) {
    return (
      <main id="main" className="page yir">
        <h1>Your year in review</h1>
        <Alert>
          {/* A year the address cannot name (an edited link) is not a failure to explain in the server's words. */}
          {playback.error instanceof HttpError && playback.error.status === 400
            ? `There's no year in review for ${year}.`
            : playback.error.message}
        </Alert>
        <Link to="/homepage">Back to your homepage</Link>
      </main>
    );
  }

  const slide = slides[Math.min(index, last)];
  return (
    <main
      id="main"
      className="page yir"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') setIndex((i) => Math.min(i + 1, last));
        if (event.key === 'ArrowLeft') setIndex((i) => Math.max(i - 1, 0));
      }}
    >
      <h1>Your year in review</h1>
      <section
        className="yir__slide"
        key={slide?.key}
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${slides.length}`}
        aria-live={playing ? 'off' : 'polite'}
      >
        {slide?.content}
      </section>
      <div className="yir__progress" aria-hidden="true">
        {slides.map((entry, i) => (
          <span key={entry.key} className={i <= index ? 'yir__dot yir__dot--done' : 'yir__dot'} />
        ))}
      </div>
      <div className="yir__controls">
        <Button
          variant="secondary"
          disabled={index === 0}
          onClick={() => setIndex((i) => Math.max(i - 1, 0))}
        >
          Previous
        </Button>
        <Button variant="secondary" onClick={() => setPlaying((p) => !p)} aria-pressed={!playing}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button disabled={index >= last} onClick={() => setIndex((i) => Math.min(i + 1, last))}>
          Next
        </Button>
      </div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { YearInReviewPage as Component };
