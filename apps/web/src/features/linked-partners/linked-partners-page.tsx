import { brand } from '@app/contracts/brand';
import { modalTexts } from '@app/contracts/linked-partners';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useLinkedPartners } from './api/get-linked-partners.ts';
import { PartnerPanel } from './components/partner-panel.tsx';
import { ReturnNotice, useReturnNotice } from './components/return-notice.tsx';
import './linked-partners.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/** /account/linked-partners: the airline and hotel partners, linking, unlinking and converting. */
export function LinkedPartnersPage() {
  const partners = useLinkedPartners();
  const [notice, setNotice] = useReturnNotice();
  return (
    <main id="main" className="linked-partners">
      <h1>Linked partners</h1>
      <p className="linked-partners__lead">
        Link your {brand.airlinePartner} and {brand.hotelPartner} accounts to move points between them and{' '}
        {brand.name}.
      </p>
      <ReturnNotice notice={notice} />
      {partners.isPending ? (
        <Spinner size="large" label="Loading your linked partners" />
      ) : partners.isError ? (
        <Alert>We couldn't load your linked partners. Please try again later.</Alert>
      ) : (
        <>
          <p>
            Your {brand.name} balance: <strong>{wholeNumber(partners.data.nectarBalance)} points</strong>
          </p>
          {partners.data.redemptionLocked ? (
            <div role="note" className="linked-partners__notice linked-partners__notice--error">
              <strong>{modalTexts.account_locked.title}.</strong> {modalTexts.account_locked.text}
            </div>
          ) : null}
          {partners.data.partners.map((partner) => (
            <PartnerPanel
              key={partner.partnerId}
              partner={partner}
              onMessage={(text) => setNotice({ kind: 'message', text })}
            />
          ))}
        </>
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { LinkedPartnersPage as Component };
