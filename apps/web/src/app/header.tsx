import ChartNoAxesColumn from 'lucide-react/icons/chart-no-axes-column';
import CircleHelp from 'lucide-react/icons/circle-help';
import House from 'lucide-react/icons/house';
import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import Store from 'lucide-react/icons/store';
import Tag from 'lucide-react/icons/tag';
import UserRound from 'lucide-react/icons/user-round';
import UserRoundPlus from 'lucide-react/icons/user-round-plus';
import X from 'lucide-react/icons/x';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { brand } from '@app/contracts/brand';
import { SIGN_IN_PATH, SUPERMARKET_OFFERS_PATH } from '@app/contracts/routes';
import { BrandLogo } from '../shared/brand/brand-images.tsx';
import { useIsFablet } from '../shared/hooks/use-is-fablet.ts';
import { hasSessionMarker, onSessionMarkerChange } from '../shared/session/session-marker.ts';
import { isSwitchOn } from '../shared/switches/switches.ts';
import { LOGO_LABELS, logoVariantFor } from './seasonal-logo.ts';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Set apart at the end of the bar (log in, log out). */
  end?: boolean;
}

const VISITOR_NAV: NavItem[] = [
  { to: '/brands', label: 'Brands', icon: Store },
  { to: '/help', label: 'Help', icon: CircleHelp },
  { to: '/id/start/sign-up', label: 'Register', icon: UserRoundPlus },
  { to: SIGN_IN_PATH, label: 'Log in', icon: LogIn, end: true },
];
/** Signed in: the member's pages, Help (the help centre, contact and feedback) and Log out, once. */
const MEMBER_NAV: NavItem[] = [
  { to: '/homepage', label: 'Home', icon: House },
  { to: SUPERMARKET_OFFERS_PATH, label: 'Offers', icon: Tag },
  { to: '/brands', label: 'Brands', icon: Store },
  { to: '/card/activity', label: 'Activity', icon: ChartNoAxesColumn },
  { to: '/account', label: 'Account', icon: UserRound },
  { to: '/help', label: 'Help', icon: CircleHelp },
  { to: '/logout', label: 'Log out', icon: LogOut, end: true },
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
  // The day is read once, when the header first draws: a render reads no clock (React's purity rule).
  const [today] = useState(() => new Date());
  const variant = logoVariantFor(today, isSwitchOn('queenPassing'));
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
          <BrandLogo className="shell__logo-image" />
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
            {menuOpen ? <X aria-hidden="true" size={20} /> : <Menu aria-hidden="true" size={20} />}
            Menu
          </button>
        ) : null}
        <nav ref={nav} aria-label="Main" id={menuId} hidden={!showNav} className="shell__nav">
          <ul>
            {items.map(({ to, label, icon: Icon, end }) => (
              <li key={to} className={end ? 'shell__nav-end' : undefined}>
                <NavLink to={to}>
                  <Icon aria-hidden="true" size={18} strokeWidth={2.25} />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
