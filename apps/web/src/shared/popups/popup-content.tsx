import Sun from 'lucide-react/icons/sun';
import { useEffect, useState, type ReactNode } from 'react';
import { brand } from '@app/contracts/brand';
import { useDocument } from '../documents/get-document.ts';
import { Button } from '../ui/button.tsx';
import { RadioGroup, type RadioOption } from '../ui/radio-group.tsx';
import { SanitisedHtml } from '../ui/sanitised-html.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { TERMS_DOCUMENTS, type PopupType, type PopupProps } from './popup-types.ts';
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

function Confirm({
  body,
  confirmLabel,
  onConfirm,
  close,
}: {
  body: ReactNode;
  confirmLabel: string;
  onConfirm?: Callback;
  close: Callback;
}) {
  return (
    <>
      {body}
      <div className="popup-actions">
        <Button
          onClick={() => {
            onConfirm?.();
            close();
          }}
        >
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
      </div>
    </>
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

/** The feedback form: title and placeholder from the caller, 'Send feedback', then thanks (2.6). */
function FeedbackForm({ props }: { props: PopupProps }) {
  const [value, setValue] = useState('');
  const [state, setState] = useState<'editing' | 'submitting' | 'thanked'>('editing');
  const [error, setError] = useState<string>();
  const submit = props.onSubmit as ((feedback: { text: string; type: string }) => Promise<void>) | undefined;
  if (state === 'thanked')
    return (
      <>
        <p className="popup-lead">Thanks for the feedback, {text(props.name) ?? 'there'}</p>
        <p>We're always working to improve the website, and your feedback is really valuable.</p>
      </>
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setState('submitting');
        setError(undefined);
        Promise.resolve(submit?.({ text: value, type: text(props.feedbackType) ?? 'FEEDBACK' }))
          .then(() => setState('thanked'))
          .catch((failure: unknown) => {
            setState('editing');
            setError(failure instanceof Error ? failure.message : undefined);
          });
      }}
    >
      <label className="visually-hidden" htmlFor="popup-feedback">
        Your feedback
      </label>
      <textarea
        id="popup-feedback"
        className="popup-textarea"
        placeholder={text(props.placeholder)}
        maxLength={5000}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      {error ? <p role="alert">{error}</p> : null}
      <Button type="submit" disabled={!value.trim()} loading={state === 'submitting'}>
        Send feedback
      </Button>
    </form>
  );
}

/** Saved offers filter: sort and filter radios; Reset and Show offers only when not the defaults (2.6). */
function SavedOffersFilter({ props, close }: { props: PopupProps; close: Callback }) {
  const [sort, setSort] = useState(text(props.sort) ?? 'recentlySaved');
  const [filter, setFilter] = useState(text(props.filter) ?? 'allOffers');
  const apply = props.onApply as ((choice: { sort: string; filter: string }) => void) | undefined;
  const changed = sort !== 'recentlySaved' || filter !== 'allOffers';
  return (
    <>
      <RadioGroup
        legend="Sort by"
        name="saved-sort"
        value={sort}
        onChange={setSort}
        options={[
          { value: 'recentlySaved', label: 'Recently saved' },
          { value: 'endingSoon', label: 'Ending soon' },
        ]}
      />
      <RadioGroup
        legend="Show"
        name="saved-filter"
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'allOffers', label: 'All offers' },
          { value: 'sainsburysOffers', label: `${brand.retailer} offers` },
          { value: 'partnersOffers', label: 'Partner offers' },
        ]}
      />
      {changed ? (
        <div className="popup-actions">
          <Button
            variant="secondary"
            onClick={() => {
              setSort('recentlySaved');
              setFilter('allOffers');
            }}
          >
            Reset
          </Button>
          <Button
            onClick={() => {
              apply?.({ sort, filter });
              close();
            }}
          >
            Show offers
          </Button>
        </div>
      ) : null}
    </>
  );
}

function CategoryChoice({
  props,
  close,
  allLabel,
}: {
  props: PopupProps;
  close: Callback;
  allLabel: string;
}) {
  const categories = (props.categories as { key: string; name: string }[] | undefined) ?? [];
  const onChange = props.onChange as ((key: string) => void) | undefined;
  const options: RadioOption<string>[] = [
    { value: 'all', label: allLabel },
    ...categories.map((category) => ({ value: category.key, label: category.name })),
  ];
  return (
    <RadioGroup
      legend="Categories"
      hideLegend
      name="popup-categories"
      value={text(props.value) ?? 'all'}
      options={options}
      onChange={(key) => {
        onChange?.(key);
        close();
      }}
    />
  );
}

/** The body of each popup type of signed-in spec 2.6. */
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
    case 'LOAD_OFFER':
      return (
        <Confirm
          body={<p>Save this offer to your card, then shop as usual to collect the points.</p>}
          confirmLabel="Save offer"
          onConfirm={fn(props.onConfirm)}
          close={close}
        />
      );
    case 'LOAD_ALL_OFFERS':
      return (
        <Confirm
          body={<p>Save all your offers to your card in one go.</p>}
          confirmLabel="Save all offers"
          onConfirm={fn(props.onConfirm)}
          close={close}
        />
      );
    case 'GET_IN_TOUCH_FAQ':
      return (
        <>
          <p>Can't find the answer you need? Call us on {brand.careline.phone}.</p>
          <p>Lines are open {brand.careline.hours}.</p>
        </>
      );
    case 'FOOD_TNC':
    case 'NECTAR_PRICES_TNC':
    case 'BRAND_TNC':
    case 'VOUCHER_TNC':
    case 'NEW_USER_TNC':
    case 'COLLECTOR_RULES':
    case 'PRICES_TNC':
    case 'SP_TNC':
    case 'SP_PRIVACY_INFO': {
      if (html) return <SanitisedHtml html={html} />;
      const document = TERMS_DOCUMENTS[type] ?? 'collector-rules';
      return <DocumentBody name={document} />;
    }
    case 'SPEND_COLLECT':
      return html ? (
        <SanitisedHtml html={html} />
      ) : (
        <p>Shop with the partner using your card to collect the points.</p>
      );
    case 'VOUCHER_CODE_MODAL':
      return <VoucherCode props={props} close={close} guardClose={guardClose} />;
    case 'CATEGORIES_RADIO_GROUP':
      return <CategoryChoice props={props} close={close} allLabel="All categories" />;
    case 'PRICES_CATEGORY':
      return <CategoryChoice props={props} close={close} allLabel="All Prices" />;
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
    case 'FEEDBACK_FORM':
      return <FeedbackForm props={props} />;
    case 'REMEMBERME_INFO_VIEW':
      return (
        <>
          <p>
            Tick Remember me and we'll keep your card number in a cookie on this device, so you only need your
            password next time.
          </p>
          <p>Don't tick it on a shared or public device.</p>
        </>
      );
    case 'SAVED_OFFERS_FILTER':
      return <SavedOffersFilter props={props} close={close} />;
    case 'SAVED_OFFERS_INSTRUCTION':
      return (
        <p>
          Offers you save appear here. Shop as usual with your card and the points are added automatically.
        </p>
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
            <Sun aria-hidden="true" size={18} /> Set screen brightness to 80% or higher for best results.
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
          <p>Transactions can take up to 48 hours to appear.</p>
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
