import Ban from 'lucide-react/icons/ban';
import CreditCard from 'lucide-react/icons/credit-card';
import Download from 'lucide-react/icons/download';
import IdCard from 'lucide-react/icons/id-card';
import KeyRound from 'lucide-react/icons/key-round';
import Link2 from 'lucide-react/icons/link-2';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import ReceiptPoundSterling from 'lucide-react/icons/receipt-pound-sterling';
import Megaphone from 'lucide-react/icons/megaphone';
import ShieldCheck from 'lucide-react/icons/shield-check';
import SquarePen from 'lucide-react/icons/square-pen';
import UserRound from 'lucide-react/icons/user-round';
import Volume2 from 'lucide-react/icons/volume-2';
import type { LucideIcon } from 'lucide-react';
import { brand } from '@app/contracts/brand';
import { Tile } from '../../shared/ui/card.tsx';
import { AccountLayout, Loading, Notice } from './components/account-layout.tsx';
import { queryClient } from '../../shared/query/query-client.ts';
import { profileQueryOptions } from '../../shared/session/get-profile.ts';
import { customerQueryOptions, useCustomer } from './api/get-customer.ts';

interface Entry {
  to: string;
  label: string;
  hint?: string;
  icon: LucideIcon;
}

const SECTIONS: { heading: string; entries: Entry[] }[] = [
  {
    heading: 'Your details',
    entries: [
      {
        to: '/account/details',
        icon: UserRound,
        label: 'Personal details',
        hint: 'Name, address, email and mobile number',
      },
      { to: '/account/password', icon: KeyRound, label: 'Change your password' },
      { to: '/account/additional-details', icon: SquarePen, label: 'Additional details' },
      {
        to: '/account/your-data',
        icon: Download,
        label: 'Download your data',
        hint: 'A copy of everything we hold about you',
      },
    ],
  },
  {
    heading: 'Your card',
    entries: [
      {
        to: '/account/replace-card',
        icon: CreditCard,
        label: 'Replace your card',
        hint: 'Lost, stolen or damaged',
      },
      { to: '/account/request-card', icon: IdCard, label: 'Request a card' },
      {
        to: '/account/redemption-lock',
        icon: Lock,
        label: 'Redemption lock',
        hint: 'Stop points being spent',
      },
      { to: '/account/linked-partners', icon: Link2, label: 'Linked partners' },
      {
        to: '/account/missing-points',
        icon: ReceiptPoundSterling,
        label: 'Missing points',
        hint: 'Claim points for a purchase',
      },
    ],
  },
  {
    heading: 'Preferences',
    entries: [
      {
        to: '/account/comms',
        icon: Mail,
        label: 'Contact preferences',
        hint: 'How we send you offers and news',
      },
      { to: '/account/online-advertising', icon: Megaphone, label: 'Online advertising' },
      { to: '/account/sound-effects', icon: Volume2, label: 'Sound effects' },
    ],
  },
  {
    heading: 'Security',
    entries: [
      {
        to: '/account/security',
        icon: ShieldCheck,
        label: 'Security and devices',
        hint: 'Where you are logged in, recent activity',
      },
      { to: '/account/close', icon: Ban, label: 'Close your account' },
    ],
  },
];

/** /account: the hub of account management (docs/product/signed-in-pages.md §S1, §S2.3). */
export function AccountPage() {
  const customer = useCustomer();
  return (
    <AccountLayout
      title="Your account"
      back={null}
      intro={
        customer.isPending ? (
          <Loading />
        ) : customer.isError ? (
          <Notice kind="error">{customer.error.message}</Notice>
        ) : (
          <p>
            {customer.data.firstName} {customer.data.lastName}
            {customer.data.cardNumber ? (
              <span className="account__hint">
                {brand.name} card ending {customer.data.cardNumber.slice(-4)}
              </span>
            ) : null}
          </p>
        )
      }
    >
      {SECTIONS.map((section) => (
        <section key={section.heading} aria-labelledby={`account-${section.heading}`}>
          <h2 id={`account-${section.heading}`}>{section.heading}</h2>
          <ul className="account__tiles">
            {section.entries.map((entry) => (
              <li key={entry.to}>
                <Tile to={entry.to} title={entry.label} description={entry.hint} icon={entry.icon} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { AccountPage as Component };
// The account's details are the session check's answer (the same call, GET /customer/v2): the page is drawn
// with them (ADR 040) instead of with a spinner, and without asking again. The session guard's own read is
// shared (one call for both); its failures are the guard's to handle.
export async function loader(): Promise<null> {
  if (queryClient.getQueryData(customerQueryOptions().queryKey)) return null;
  const profile = await queryClient.fetchQuery(profileQueryOptions()).catch(() => undefined);
  if (profile) queryClient.setQueryData(customerQueryOptions().queryKey, profile);
  return null;
}
