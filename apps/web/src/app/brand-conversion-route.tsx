import { useParams } from 'react-router';
import { partnerByBrandKey } from '@app/contracts/linked-partners';
import { BrandExitPage } from '../features/brands/brand-exit-page.tsx';
import { ConversionPage } from '../features/linked-partners/conversion-page.tsx';

/**
 * /brands/:brandDetailsKey/conversion puts two features together: a linked partner's points conversion, or
 * the exit page of any other brand (where the rail and credit-card aliases land,
 * docs/product/signed-in-pages.md §S2.4).
 */
function BrandConversionPage() {
  const { brandDetailsKey = '' } = useParams();
  return partnerByBrandKey(brandDetailsKey) ? <ConversionPage /> : <BrandExitPage />;
}

export const Component = BrandConversionPage;
