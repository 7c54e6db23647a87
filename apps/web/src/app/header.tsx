import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { brand } from '@app/contracts/brand';
import { SIGN_IN_PATH, SUPERMARKET_OFFERS_PATH } from '@app/contracts/routes';
import { useIsFablet } from '../shared/hooks/use-is-fablet.ts';
import { hasSessionMarker, onSessionMarkerChange } from '../shared/session/session-marker.ts';
import { isSwitchOn } from '../shared/switches/switches.ts';
import { LOGO_LABELS, logoVariantFor } from './seasonal-logo.ts';

const VISITOR_NAV = [
  { to: '/brands', label: 'Brands' },
  { to: '/help', label: 'Help' },
  { to: '/id/start/sign-up', label: 'Register' },
  { to: SIGN_IN_PATH, label: 'Log in' },
];
const MEMBER_NAV = [
  { to: '/homepage', label: 'Home' },
  { to: SUPERMARKET_OFFERS_PATH, label: 'Offers' },
  { to: '/brands', label: 'Brands' },
  { to: '/card/activity', label: 'Activity' },
  { to: '/account', label: 'Account' },
  { to: '/logout', label: 'Log out' },
];

const subscribeToSession = (onChange: () => void) => {
  const stop = onSessionMarkerChange(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    stop();
    window.removeEventListener('storage', onChange);
  };
};

/** Header: the seasonal logo and the navigation for a visitor or a session holder. */
export function Header() {
  const signedIn = useSyncExternalStore(subscribeToSession, hasSessionMarker, () => false);
  const fablet = useIsFablet();
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | undefined>(undefined);
  const menuOpen = openOn === pathname;
  const variant = logoVariantFor(new Date(), isSwitchOn('queenPassing'));
  const items = signedIn ? MEMBER_NAV : VISITOR_NAV;
  const showNav = !fablet || menuOpen;
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  // Escape closes an open menu; focus that was in it goes back to the Menu button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusInMenu =
        document.activeElement === menuButton.current || nav.current?.contains(document.activeElement);
      setOpenOn(undefined);
      if (focusInMenu) menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);
  return (
    <header className="shell__header">
      <div className="shell__header-inner">
        <Link
          to={signedIn ? '/homepage' : '/welcome'}
          className={`shell__logo shell__logo--${variant}`}
          aria-label={`${brand.name} home${LOGO_LABELS[variant]}`}
        >
          {brand.name.toLowerCase()}
        </Link>
        {fablet ? (
          <button
            ref={menuButton}
            type="button"
            className="shell__menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setOpenOn(menuOpen ? undefined : pathname)}
          >
            Menu
          </button>
        ) : null}
        <nav ref={nav} aria-label="Main" id={menuId} hidden={!showNav} className="shell__nav">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
