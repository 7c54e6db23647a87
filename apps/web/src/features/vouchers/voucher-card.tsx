import type { Voucher } from '@app/contracts/vouchers';
import { usePopups } from '../../shared/popups/popup-manager.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { useMarkVoucherUsed } from './api/mark-voucher-used.ts';
import { wholeNumber } from '../../shared/format/uk-format.ts';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** A voucher and the button that opens the voucher modal (barcode, code, 'Did you use this voucher?'). */
export function VoucherCard({ voucher, headingLevel = 2 }: { voucher: Voucher; headingLevel?: 2 | 3 }) {
  const popups = usePopups();
  const markUsed = useMarkVoucherUsed();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="voucher" aria-label={voucher.itemDescription}>
      {voucher.logoImageLocation ? (
        <img className="voucher__logo" src={voucher.logoImageLocation} alt="" />
      ) : null}
      <Heading className="voucher__title">{voucher.itemDescription}</Heading>
      <p className="voucher__meta">
        {voucher.points > 0 ? `${wholeNumber(voucher.points)} points · ` : 'Free · '}
        Use by {dayFormat.format(new Date(voucher.expiresAt))}
        {voucher.used === true ? ' · Used' : ''}
      </p>
      <Button
        onClick={() =>
          popups.open('VOUCHER_CODE_MODAL', {
            title: voucher.partnerName,
            logoImageLocation: voucher.logoImageLocation,
            partnerName: voucher.partnerName,
            itemDescription: voucher.itemDescription,
            base64BarCode: voucher.base64BarCode,
            voucherCode: voucher.voucherCode,
            onUsed: (used: boolean) => markUsed.mutate({ id: voucher.id, used }),
          })
        }
      >
        Show voucher
      </Button>
    </article>
  );
}
