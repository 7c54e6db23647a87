import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { offerRuleSchema } from '@app/contracts/offer-rules';
import {
  OFFER_KINDS,
  offerAudienceSchema,
  POINT_VALUE_PENCE,
  type OfferKind,
  type OfferPartner,
  type OfferPicture,
  type StaffOfferDetails,
} from '@app/contracts/staff-offers';
import { messageOf } from '../../shared/api.ts';
import { formatDateTime, formatPoints } from '../../shared/format.ts';
import { londonToIso } from '../../shared/london-time.ts';
import { offerKeys, offersApi } from '../../shared/offers-api.ts';
import { Field, SelectField, TextAreaField } from '../../shared/ui/field.tsx';
import { Notice } from '../../shared/ui/notice.tsx';
import { AudienceFields } from './audience-fields.tsx';
import { FormSection, RadioChoice, type SetValue } from './form-parts.tsx';
import { checkOffer, draftOf, type FieldErrors, type OfferFormValues } from './offer-form-state.ts';
import { audienceText, pointsCost, ruleText } from './offer-words.tsx';
import { PicturePicker } from './picture-picker.tsx';
import { RuleFields } from './rule-fields.tsx';

const KIND_HINTS: Record<OfferKind, string> = {
  bonus: 'In the member’s own offers, for the audience chosen below.',
  partner: 'Run by a partner, on their brand page and in the member’s offers.',
  'member-price': 'A lower price at the till for members.',
};
const KINDS = (Object.keys(OFFER_KINDS) as OfferKind[]).map((kind) => ({
  value: kind,
  label: OFFER_KINDS[kind].label,
  hint: KIND_HINTS[kind],
}));

/** The campaigns offers already belong to, offered as the campaign box is typed in. */
function useCampaignNames() {
  const offers = useQuery({ queryKey: offerKeys.list({}), queryFn: () => offersApi.list({}) });
  const names = new Set(offers.data?.offers.map((offer) => offer.campaign).filter((name) => name !== null));
  return [...names].sort((a, b) => a.localeCompare(b, 'en-GB'));
}

/**
 * The offer as it stands while it is written, beside the form on a wide screen: its picture, words, dates,
 * rule, audience and budget in the sentences its page will show.
 */
function OfferGlance({
  values,
  pictureUrl,
  partners,
  listCount,
}: {
  values: OfferFormValues;
  pictureUrl: string | undefined;
  partners: OfferPartner[];
  listCount: number | null;
}) {
  const draft = draftOf(values) as { rule: unknown; audience: unknown };
  const rule = offerRuleSchema.safeParse(draft.rule);
  const audience = offerAudienceSchema.safeParse(draft.audience);
  const from = londonToIso(values.validFrom);
  const to = londonToIso(values.validTo);
  const budget = /^\d+$/.test(values.budgetPoints.trim()) ? Number(values.budgetPoints) : undefined;
  const partner = partners.find((each) => each.id === values.partnerId)?.name;
  return (
    <aside className="offer-glance" aria-label="The offer at a glance">
      <div className="offer-glance__card">
        {pictureUrl ? (
          <img className="offer-glance__picture" src={pictureUrl} alt="" width={320} height={200} />
        ) : (
          <span className="offer-glance__picture offer-glance__picture--none">
            {values.categoryName.trim() || 'The category’s picture'}
          </span>
        )}
        <div className="offer-glance__words">
          <p className="step">
            {OFFER_KINDS[values.kind].label}
            {values.kind === 'partner' && partner ? ` · ${partner}` : ''}
          </p>
          <p className="offer-glance__title">{values.title.trim() || 'The offer’s title'}</p>
          <p className="offer-glance__description">
            {values.description.trim() || 'Its description, as its card shows it.'}
          </p>
        </div>
      </div>
      <dl className="offer-glance__facts">
        <div>
          <dt>Runs</dt>
          <dd>{from && to ? `${formatDateTime(from)} to ${formatDateTime(to)}` : 'Dates to come'}</dd>
        </div>
        <div>
          <dt>The till pays</dt>
          <dd>
            {values.ruleKind === 'none'
              ? ruleText(null)
              : rule.success
                ? ruleText(rule.data)
                : 'Rule to finish'}
          </dd>
        </div>
        <div>
          <dt>Who gets it</dt>
          <dd>{audience.success ? audienceText(audience.data, listCount) : 'Rules to finish'}</dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd>{budget ? `${formatPoints(budget)} points (${pointsCost(budget)})` : 'No budget'}</dd>
        </div>
      </dl>
    </aside>
  );
}

/**
 * An offer as a marketer writes it (docs/staff-console.md "Offers and campaigns"), new or a draft changed:
 * checked in the browser with the contract's `offerDraftSchema`, each refusal beside its field and the first
 * one focused; saved as a draft, then its page opens.
 */
export function OfferForm({
  initial,
  offer,
  pictures,
  partners,
}: {
  initial: OfferFormValues;
  /** The draft being changed; none for a new offer. */
  offer?: StaffOfferDetails | undefined;
  pictures: OfferPicture[];
  partners: OfferPartner[];
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const campaigns = useCampaignNames();
  // The same setter from one render to the next, so a part that did not change is not drawn again.
  const set: SetValue = useCallback((key, value) => setValues((before) => ({ ...before, [key]: value })), []);
  const [pictureUrl, setPictureUrl] = useState(
    () => pictures.find((picture) => picture.key === initial.picture)?.url,
  );
  const choosePicture = useCallback(
    (picture: string, url: string | undefined) => {
      set('picture', picture);
      setPictureUrl(url);
    },
    [set],
  );
  const save = useMutation({
    mutationFn: (draft: Parameters<typeof offersApi.create>[0]) =>
      offer ? offersApi.update(offer.id, draft) : offersApi.create(draft),
    onSuccess: (saved) => {
      queryClient.setQueryData(offerKeys.offer(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
      void navigate(`/offers/${saved.id}`, {
        state: { saved: offer ? 'Your changes to the draft are saved.' : 'The draft is saved.' },
      });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkOffer(values);
    if (checked.errors) {
      setErrors(checked.errors);
      // After the render that marks them: the first field refused takes the focus.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    save.mutate(checked.draft);
  };

  const bind = (name: 'title' | 'campaign' | 'categoryKey' | 'categoryName' | 'points' | 'maxPerMember') => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: errors[name],
  });
  const textArea = (name: 'description' | 'howTo' | 'terms') => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: errors[name],
  });
  const budget = /^\d+$/.test(values.budgetPoints.trim()) ? Number(values.budgetPoints) : undefined;
  const refused = Object.keys(errors).length;

  return (
    <div className="offer-form-layout">
      <form
        ref={form}
        className="offer-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="offer-form-heading"
      >
        <FormSection id="offer-what" title="The offer" lead="What kind of offer it is, and whose.">
          <RadioChoice
            legend="Kind"
            name="kind"
            options={KINDS}
            value={values.kind}
            onChange={(kind) => set('kind', kind)}
            error={errors.kind}
            columns
          />
          <div className="field-row">
            {values.kind === 'partner' && (
              <SelectField
                label="Partner"
                name="partnerId"
                value={values.partnerId}
                onChange={(event) => set('partnerId', event.target.value)}
                error={errors.partnerId}
              >
                <option value="">Choose a partner</option>
                {partners.map((partner) => (
                  <option key={partner.id} value={partner.id}>
                    {partner.name}
                  </option>
                ))}
              </SelectField>
            )}
            <Field
              label="Campaign (optional)"
              hint="Offers of one campaign are reported together."
              autoComplete="off"
              maxLength={80}
              list="offer-campaigns"
              {...bind('campaign')}
            />
            <datalist id="offer-campaigns">
              {campaigns.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
        </FormSection>

        <FormSection id="offer-words" title="What members read" lead="As the offer’s card and page show it.">
          <Field label="Title" autoComplete="off" maxLength={120} {...bind('title')} />
          <TextAreaField
            label="Description"
            hint="One or two lines on the offer’s card."
            maxLength={300}
            {...textArea('description')}
          />
          <TextAreaField
            label="How to get it"
            hint="On the offer’s page. Leave a blank line between paragraphs."
            rows={4}
            maxLength={2_000}
            {...textArea('howTo')}
          />
          <TextAreaField label="Terms" rows={4} maxLength={4_000} {...textArea('terms')} />
          <div className="field-row">
            <Field
              label="Category key"
              hint="Like fuel or bakery: how offers are grouped."
              autoComplete="off"
              maxLength={40}
              {...bind('categoryKey')}
            />
            <Field
              label="Category name"
              hint="As members read it, like Fuel."
              autoComplete="off"
              maxLength={60}
              {...bind('categoryName')}
            />
          </div>
          <PicturePicker
            library={pictures}
            value={values.picture}
            onChange={choosePicture}
            error={errors.picture}
          />
        </FormSection>

        <FormSection
          id="offer-till"
          title="What it pays"
          lead="The rule the till pays out on, and how often."
        >
          <RuleFields values={values} errors={errors} set={set} />
          <div className="field-row">
            <Field
              label="Points shown (optional)"
              hint="When the offer names a number of points."
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...bind('points')}
            />
            <Field
              label="Most times a member earns it"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              {...bind('maxPerMember')}
            />
          </div>
        </FormSection>

        <FormSection id="offer-when" title="When and how much" lead="Dates and times are London time.">
          <div className="field-row">
            <Field
              label="Starts"
              type="datetime-local"
              name="validFrom"
              className="field--date"
              value={values.validFrom}
              onChange={(event) => set('validFrom', event.target.value)}
              error={errors.validFrom}
            />
            <Field
              label="Ends"
              type="datetime-local"
              name="validTo"
              className="field--date"
              value={values.validTo}
              onChange={(event) => set('validTo', event.target.value)}
              error={errors.validTo}
            />
          </div>
          <Field
            label="Budget in points (optional)"
            hint={
              budget === undefined
                ? `The most points the offer pays out; a point costs ${POINT_VALUE_PENCE}p when spent.`
                : `${formatPoints(budget)} points cost ${pointsCost(budget)} when spent ` +
                  `(${POINT_VALUE_PENCE}p a point).`
            }
            name="budgetPoints"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className="field--medium"
            value={values.budgetPoints}
            onChange={(event) => set('budgetPoints', event.target.value)}
            error={errors.budgetPoints}
          />
        </FormSection>

        <FormSection id="offer-who" title="Who gets it">
          <AudienceFields
            values={values}
            errors={errors}
            set={set}
            offerId={offer?.id}
            listCount={offer?.listCount ?? null}
          />
        </FormSection>

        <div className="offer-form__end">
          {save.error && <Notice tone="error">{messageOf(save.error)}</Notice>}
          <div className="offer-form__buttons">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save the draft'}
            </button>
            <Link className="button button--quiet" to={offer ? `/offers/${offer.id}` : '/offers'}>
              Cancel
            </Link>
            <p className="offer-form__problem" role="alert">
              {refused > 0 &&
                `${refused === 1 ? 'One answer needs' : `${refused} answers need`} changing: ` +
                  'each is marked beside its field.'}
            </p>
          </div>
        </div>
      </form>
      <OfferGlance
        values={values}
        pictureUrl={pictureUrl}
        partners={partners}
        listCount={offer?.listCount ?? null}
      />
    </div>
  );
}
