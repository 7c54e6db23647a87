import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { LEGAL_PREFIX } from '@app/contracts/routes';
import {
  applyConsent,
  chooseConsent,
  readConsent,
  rememberConsentForServer,
} from '../shared/analytics/consent.ts';
import { useDeviceValue } from '../shared/hooks/use-device-value.ts';

/**
 * While the banner covers the bottom of the window, the page scrolls a focused control to above it (WCAG 2.4.11:
 * a control the keyboard reaches is never hidden behind the banner).
 */
function useKeepFocusAbove(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${element.offsetHeight}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [banner, shown]);
}

/** The cookie consent banner: shown until a choice is made; the choice is stored and applied on every visit. */
export default function ConsentBanner() {
  // The server draws the banner for everyone (and hides it for a visitor who has chosen): when the app hydrates
  // that drawing, its first render draws it too, then reads the stored choice (ADR 045).
  const stored = useDeviceValue(readConsent);
  const [chosen, setChoice] = useState<typeof stored>(undefined);
  const choice = chosen ?? stored;
  useEffect(() => {
    const stored = readConsent();
    if (stored) {
      applyConsent(stored);
      // A choice made before the server was told of it: tell it now.
      rememberConsentForServer(stored);
    }
  }, []);
  const banner = useRef<HTMLElement>(null);
  useKeepFocusAbove(banner, !choice);
  if (choice) return null;
  return (
    <section ref={banner} className="consent" aria-labelledby="consent-heading">
      <h2 id="consent-heading">Cookies on this site</h2>
      <p>
        We use essential cookies to make the site work. With your permission we'd also use marketing cookies
        to show you offers you'll like on other sites. Read our{' '}
        <Link to={`${LEGAL_PREFIX}/cookie-policy`}>cookie policy</Link>.
      </p>
      <div className="consent__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            chooseConsent('all');
            setChoice('all');
          }}
        >
          Accept all cookies
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            chooseConsent('essential');
            setChoice('essential');
          }}
        >
          Essential cookies only
        </button>
      </div>
    </section>
  );
}
