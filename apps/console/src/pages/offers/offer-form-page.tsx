import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { offerMessages } from '@app/contracts/staff-offers';
import { messageOf } from '../../shared/api.ts';
import { offerKeys, offersApi } from '../../shared/offers-api.ts';
import { Notice } from '../../shared/ui/notice.tsx';
import { usePageTitle } from '../../shared/ui/page-title.ts';
import { OfferForm } from './offer-form.tsx';
import { blankOffer, valuesOf } from './offer-form-state.ts';
import './offers.css';

/**
 * `/offers/new` and `/offers/:id/edit` (a campaign manager or an admin): the offer's form, once the picture
 * library and the partners are in (and, to change a draft, the draft). Only a draft can be changed.
 */
export function OfferFormPage() {
  const { id } = useParams();
  usePageTitle(id ? 'Change the draft' : 'New offer');
  const [fresh] = useState(() => blankOffer());
  const pictures = useQuery({
    queryKey: offerKeys.pictures,
    queryFn: offersApi.pictures,
    staleTime: 300_000,
  });
  const partners = useQuery({
    queryKey: offerKeys.partners,
    queryFn: offersApi.partners,
    staleTime: 300_000,
  });
  const offer = useQuery({
    queryKey: offerKeys.offer(id ?? ''),
    queryFn: () => offersApi.get(id ?? ''),
    enabled: Boolean(id),
  });
  const failed = pictures.error ?? partners.error ?? offer.error;
  const ready = pictures.data && partners.data && (!id || offer.data);

  return (
    <section className="page" aria-labelledby="offer-form-heading">
      <p className="back">
        {id ? <Link to={`/offers/${id}`}>Back to the offer</Link> : <Link to="/offers">Offers</Link>}
      </p>
      <div>
        <h1 id="offer-form-heading">{id ? `Change “${offer.data?.title ?? 'the draft'}”` : 'New offer'}</h1>
        <p className="lead">
          Saved as a draft: nothing reaches members until you send it for approval and someone else approves
          it.
        </p>
      </div>
      {failed && <Notice tone="error">{messageOf(failed)}</Notice>}
      {!failed && !ready && (
        <p className="loading" role="status">
          Loading the form…
        </p>
      )}
      {ready && offer.data && offer.data.status !== 'draft' ? (
        <Notice tone="warning" title={offerMessages.notEditable}>
          <Link to={`/offers/${offer.data.id}`}>Open the offer</Link>
        </Notice>
      ) : (
        ready && (
          <OfferForm
            key={offer.data?.id ?? 'new'}
            initial={offer.data ? valuesOf(offer.data.draft) : fresh}
            offer={offer.data}
            pictures={pictures.data}
            partners={partners.data}
          />
        )
      )}
    </section>
  );
}
