import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { brand } from '@app/contracts/brand';
import { cardMessages } from '@app/contracts/card';
import { useIsFablet } from '../../shared/hooks/use-is-fablet.ts';
import { usePopups } from '../../shared/popups/popup-manager.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { useCustomerCard } from './api/get-customer-card.ts';
import { useNectarId } from './api/get-nectar-id.ts';
import { MemberCard } from './member-card.tsx';
import './card.css';

/** The 'How do I use my card?' text (docs/product/signed-in-pages.md §S2.6 'Scan-card side text'). */
export function HowToUseCard() {
  return (
    <>
      <ol className="card-view__steps">
        <li>At the till, wait until you're asked for your card.</li>
        <li>Turn your screen so the barcode faces the scanner.</li>
        <li>Scan it, and collect your points.</li>
      </ol>
      <p className="card-view__footnote">
        For now the digital card works only at {brand.retailer} and {brand.fuelPartner}. We're working on more
        places.
      </p>
    </>
  );
}

/**
 * The digital card: barcode, number, the scan-card modal with a bigger barcode, the 'How do I use my card?'
 * side text, and the card-help popup (docs/product/signed-in-pages.md §S2.6).
 */
export function CardPanel() {
  const barcode = useNectarId();
  const card = useCustomerCard();
  const popups = usePopups();
  const navigate = useNavigate();
  const isFablet = useIsFablet();
  const code128 = barcode.data?.data.code128;
  const open = popups.current;

  const number = card.data?.cardNumber;
  // The scan modal opens at once with a loading indicator and shows the barcode when it arrives.
  useEffect(() => {
    if (open?.type === 'SCAN_CARD' && !open.props.barcode && code128)
      popups.open('SCAN_CARD', { barcode: code128, cardNumber: number });
  }, [open, code128, number, popups]);

  return (
    <section className="card-view" aria-labelledby="card-heading">
      <div className="card-view__card">
        <h2 id="card-heading" className="card-view__title">
          Your {brand.name} card
        </h2>
        <MemberCard
          number={number}
          code128={code128}
          failed={barcode.isError || card.isError}
          pending={barcode.isPending}
        />
        <div className="card-view__actions">
          <Button
            onClick={() =>
              popups.open(
                'SCAN_CARD',
                code128 ? { barcode: code128, cardNumber: number } : { cardNumber: number },
              )
            }
          >
            Scan your card
          </Button>
          <Button
            variant="link"
            onClick={() =>
              popups.open('CARD_NUMBER_HELP', {
                onShowCardNumber: () => void navigate('/retrieve-card'),
                onReplaceCard: () => void navigate('/replace-card'),
              })
            }
          >
            Problem with your card?
          </Button>
        </div>
      </div>
      {isFablet ? (
        <Button variant="secondary" onClick={() => popups.toggle('HOW_TO_USE_CARD')}>
          {cardMessages.howToUse}
        </Button>
      ) : (
        <aside className="card-view__aside" aria-labelledby="how-to-use">
          <h2 id="how-to-use">{cardMessages.howToUse}</h2>
          <HowToUseCard />
        </aside>
      )}
    </section>
  );
}
