import { CARD_PREFIX } from '@app/contracts/card-number';
import { BrandCardImage } from '../../shared/brand/brand-images.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';

/**
 * The member's card as they know it from their wallet: the scheme's card image (its colour,
 * wordmark and pattern, from the brand file: ADR 028) with a white strip over its lower part that holds this
 * member's real, scannable barcode and their card number in large type. The strip covers the place where a
 * card image draws its sample barcode, so only the real one shows.
 */
export function MemberCard({
  number,
  code128,
  failed,
  pending,
}: {
  number: string | undefined;
  /** The barcode PNG, base64 (docs/product/signed-in-pages.md §S3 "Customer loyalty barcode"). */
  code128: string | undefined;
  failed: boolean;
  pending: boolean;
}) {
  return (
    <div className="member-card">
      <BrandCardImage className="member-card__face" fetchPriority="high" />
      <div className="member-card__strip" aria-busy={pending}>
        {code128 && number ? (
          <img
            className="member-card__barcode"
            src={`data:image/png;base64,${code128}`}
            alt={`Barcode for card number ${number}`}
          />
        ) : failed ? (
          <p className="member-card__problem" role="alert">
            We can't show your barcode right now. Your card number still works at the till.
          </p>
        ) : (
          <Spinner label="Loading your barcode" />
        )}
        {number ? (
          <p className="member-card__number" aria-label={`Card number ${number}`}>
            {number.slice(0, CARD_PREFIX.length)}
            <strong>{number.slice(CARD_PREFIX.length)}</strong>
          </p>
        ) : null}
      </div>
    </div>
  );
}
