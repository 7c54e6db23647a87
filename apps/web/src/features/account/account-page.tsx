import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { AccountLayout, Loading, Notice } from './components/account-layout.tsx';
import { useCustomer } from './api/get-customer.ts';

interface Entry {
  to: string;
  label: string;
  hint?: string;
}

const SECTIONS: { heading: string; entries: Entry[] }[] = [
  {
    heading: 'Your details',
    entries: [
      { to: '/account/details', label: 'Personal details', hint: 'Name, address, email and mobile number' },
      { to: '/account/password', label: 'Change your password' },
      { to: '/account/additional-details', label: 'Additional details' },
    ],
  },
  {
    heading: 'Your card',
    entries: [
      { to: '/account/replace-card', label: 'Replace your card', hint: 'Lost, stolen or damaged' },
      { to: '/account/request-card', label: 'Request a card' },
      { to: '/account/redemption-lock', label: 'Redemption lock', hint: 'Stop points being spent' },
      { to: '/account/linked-partners', label: 'Linked partners' },
    ],
  },
  {
    heading: 'Preferences',
    entries: [
      { to: '/account/comms', label: 'Contact preferences', hint: 'How we send you offers and news' },
      { to: '/account/online-advertising', label: 'Online advertising' },
      { to: '/account/sound-effects', label: 'Sound effects' },
    ],
  },
  {
    heading: 'Security',
    entries: [
      {
        to: '/account/security',
        label: 'Security and devices',
        hint: 'Where you are logged in, recent activity',
      },
      { to: '/account/close', label: 'Close your account' },
    ],
  },
];

/** /account: the hub of account management (signed-in spec 1, 2.3). */
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
          <ul className="account__list">
            {section.entries.map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to}>
                  <span>
                    {entry.label}
                    {entry.hint ? <span className="account__hint">{entry.hint}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </AccountLayout>
  );
}
