import Sun from 'lucide-react/icons/sun';
import { useEffect, useState } from 'react';
import { TRANSACTIONS_DELAY_HOURS } from '@app/contracts/activity';
import { brand } from '@app/contracts/brand';
import { RECOMMENDED_BRIGHTNESS_PERCENT } from '@app/contracts/card';
import { useDocument } from '../documents/get-document.ts';
import { Button } from '../ui/button.tsx';
import { SanitisedHtml } from '../ui/sanitised-html.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { PopupType, PopupProps } from './popup-types.ts';
import './popups.css';

/** A card number in groups of four from the end of the prefix, as printed on a card: easier to read out. */
const groupDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

type Callback = () => void;
/** Sets what the popup's frame does instead of closing (undefined: it closes). */
export type CloseGuard = (instead: Callback | undefined) => void;
const fn = (value: unknown): Callback | undefined =>
  typeof value === 'function' ? (value as Callback) : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function DocumentBody({ name }: { name: string }) {
  const document = useDocument(name);
  if (document.isPending) return <Spinner label="Loading - Please wait..." />;
  if (document.isError)
    return <p role="alert">We're having trouble displaying this right now. Try again or check back later.</p>;
  return <SanitisedHtml html={document.data.html} />;
}

/**
 * The member-price catalogue's terms (ADR 038): the dates exactly as the catalogue gives them ('12 Feb' to
 * '3 Mar 2020'), then each term.
 */
function PriceTerms({ props }: { props: PopupProps }) {
  const paragraphs = Array.isArray(props.paragraphs)
    ? props.paragraphs.filter((p) => typeof p === 'string')
    : [];
  return (
    <div className="popup-terms">
      <p>
        <strong>
          Valid from {text(props.validFrom)} to {text(props.validTo)}.
        </strong>
      </p>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * The voucher: barcode and code; closing asks first, then 'Did you use this voucher?' (2.6). The frame's close
 * button and Escape ask too; on the question they keep the voucher open, as 'No, keep it open' does.
 */
function VoucherCode({
  props,
  close,
  guardClose,
}: {
  props: PopupProps;
  close: Callback;
  guardClose?: CloseGuard;
}) {
  const [step, setStep] = useState<'voucher' | 'confirm-close' | 'used'>('voucher');
  const onUsed = props.onUsed as ((used: boolean) => void) | undefined;
  useEffect(() => {
    if (step === 'voucher') guardClose?.(() => setStep('confirm-close'));
    else if (step === 'confirm-close') guardClose?.(() => setStep('voucher'));
    else guardClose?.(undefined);
    return () => guardClose?.(undefined);
  }, [step, guardClose]);
  if (step === 'confirm-close')
    return (
      <>
        <p>Are you sure you want to close your voucher?</p>
        <div className="popup-actions">
          <Button onClick={() => setStep('used')}>Yes, close it</Button>
          <Button variant="secondary" onClick={() => setStep('voucher')}>
            No, keep it open
          </Button>
        </div>
      </>
    );
  if (step === 'used')
    return (
      <>
        <p>Did you use this voucher?</p>
        <div className="popup-actions">
          {[true, false].map((used) => (
            <Button
              key={String(used)}
              variant={used ? 'primary' : 'secondary'}
              onClick={() => {
                onUsed?.(used);
                close();
              }}
            >
              {used ? 'Yes' : 'No'}
            </Button>
          ))}
        </div>
      </>
    );
  return (
    <>
      {text(props.logoImageLocation) ? (
        <img src={text(props.logoImageLocation)} alt={text(props.partnerName) ?? ''} className="popup-logo" />
      ) : null}
      <p>{text(props.itemDescription)}</p>
      {text(props.base64BarCode) ? (
        <img
          className="popup-barcode"
          src={`data:image/png;base64,${text(props.base64BarCode)}`}
          alt="Voucher barcode"
        />
      ) : null}
      <p>
        Code: <strong>{text(props.voucherCode)}</strong>
      </p>
      <Button variant="secondary" onClick={() => setStep('confirm-close')}>
        Close voucher
      </Button>
    </>
  );
}

/** The body of each popup type of docs/product/signed-in-pages.md §S2.6. */
export default function PopupContent({
  type,
  props,
  close,
  guardClose,
}: {
  type: PopupType;
  props: PopupProps;
  close: Callback;
  guardClose?: CloseGuard;
}) {
  const html = text(props.html);
  switch (type) {
    case 'FOOD_TNC':
    case 'NECTAR_PRICES_TNC':
    case 'BRAND_TNC':
      // A partner's own terms when the caller has them; the collector rules otherwise.
      return html ? <SanitisedHtml html={html} /> : <DocumentBody name="collector-rules" />;
    case 'PRICES_TNC':
      return <PriceTerms props={props} />;
    case 'VOUCHER_CODE_MODAL':
      return <VoucherCode props={props} close={close} guardClose={guardClose} />;
    case 'CARD_NUMBER_HELP':
      return (
        <div className="popup-choices">
          <section>
            <h3>Currently not with you</h3>
            <Button
              onClick={() => {
                close();
                fn(props.onShowCardNumber)?.();
              }}
            >
              Show my card number
            </Button>
          </section>
          <section>
            <h3>Lost or stolen</h3>
            <Button
              onClick={() => {
                close();
                fn(props.onReplaceCard)?.();
              }}
            >
              Replace my card now
            </Button>
          </section>
        </div>
      );
    case 'SCAN_CARD':
      return (
        <>
          <p>Here's a bigger barcode, it might help if you're having trouble scanning.</p>
          <figure className="popup-scan">
            {text(props.barcode) ? (
              <img
                className="popup-barcode"
                src={`data:image/png;base64,${text(props.barcode)}`}
                alt="Your card barcode"
              />
            ) : (
              <Spinner label="Loading your barcode" />
            )}
            {text(props.cardNumber) ? (
              <figcaption className="popup-scan__number" aria-label={`Card number ${text(props.cardNumber)}`}>
                {groupDigits(text(props.cardNumber) ?? '')}
              </figcaption>
            ) : null}
          </figure>
          <p className="popup-brightness">
            <Sun aria-hidden="true" size={18} /> Set screen brightness to {RECOMMENDED_BRIGHTNESS_PERCENT}% or
            higher for best results.
          </p>
        </>
      );
    case 'HOW_TO_USE_CARD':
      return (
        <>
          <ol className="popup-steps">
            <li>At the till, wait until you're asked for your card.</li>
            <li>Turn your screen so the barcode faces the scanner.</li>
            <li>Scan it, and collect your points.</li>
          </ol>
          <p className="popup-footnote">
            For now the digital card works only at {brand.retailer} and {brand.fuelPartner}. We're working on
            more places.
          </p>
        </>
      );
    case 'TRANSACTIONS':
      return (
        <>
          <p>Here you'll find every time you collected or spent points, your savings and your vouchers.</p>
          <p>Transactions can take up to {TRANSACTIONS_DELAY_HOURS} hours to appear.</p>
        </>
      );
    case 'REDEMPTION_HELP':
      return (
        <>
          <p>
            Choose how many points to spend, then confirm. Your voucher appears straight away in Vouchers.
          </p>
          <p>
            Still stuck? Call us on {brand.careline.phone} ({brand.careline.hours}).
          </p>
        </>
      );
  }
}
