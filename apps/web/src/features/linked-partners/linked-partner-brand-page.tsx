import { brandLogoUrl } from '@app/contracts/brand-logos';
import { partnerByBrandKey } from '@app/contracts/linked-partners';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useLinkedPartners } from './api/get-linked-partners.ts';
import { PartnerPanel } from './components/partner-panel.tsx';
import { ReturnNotice, useReturnNotice } from './components/return-notice.tsx';
import { useBrandKey } from './use-brand-key.ts';
import './linked-partners.css';
import { Alert } from '../../shared/ui/alert.tsx';

const rates = {
  airline: 'Convert 400 points to 250 Avios, or 250 Avios to 400 points.',
  hotel: 'Convert 2 points to 1 Hotels.com point, or 1 Hotels.com point to 2 points.',
} as const;

/** /brands/{key} of a linked partner (a session route, 2.3): the partner, its rates and the member's link. */
export function LinkedPartnerBrandPage() {
  const brandDetailsKey = useBrandKey();
  const info = partnerByBrandKey(brandDetailsKey);
  const partners = useLinkedPartners();
  const [notice, setNotice] = useReturnNotice();
  const partner = partners.data?.partners.find((p) => p.partnerId === info?.partnerId);
  if (!info) return null;
  return (
    <main id="main" className="linked-partners">
      <div className="brand-head">
        <img src={brandLogoUrl(info.brandDetailsKey)} alt="" width="72" height="72" />
        <h1>{info.name}</h1>
      </div>
      <p className="linked-partners__lead">{rates[info.kind]}</p>
      <ReturnNotice notice={notice} />
      {partners.isPending ? (
        <Spinner size="large" label="Loading your account" />
      ) : partners.isError || !partner ? (
        <Alert>We couldn't load your account. Please try again later.</Alert>
      ) : (
        <PartnerPanel partner={partner} onMessage={(text) => setNotice({ kind: 'message', text })} />
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { LinkedPartnerBrandPage as Component };
