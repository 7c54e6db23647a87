import { useState } from 'react';
import { Link, useMatches, useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import {
  FEEDBACK_DEVICES,
  FEEDBACK_TYPES,
  type FeedbackDevice,
  type FeedbackType,
} from '@app/contracts/feedback';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import './feedback.css';

const retailerPath = `/feedback${brand.retailer.replace(/[^A-Za-z0-9]/g, '')}`;

/**
 * The choices of the new feedback page: each leads to one of the eleven sub-pages
 * (docs/product/signed-in-pages.md §S2.3).
 */
const CHOICES = [
  { to: '/feedbackDeviceOptions', label: "Something isn't working", hint: 'A page, a button or a link' },
  { to: retailerPath, label: brand.retailer, hint: 'Shopping, offers and prices in store or online' },
  {
    to: '/feedbackPartnerOptions',
    label: 'One of our partners',
    hint: `${brand.fuelPartner}, travel, eShops`,
  },
  { to: '/feedbackSuggestion', label: 'An idea', hint: 'Something we could add or do better' },
  { to: '/feedbackPositive', label: 'Something you liked', hint: 'Tell us what works for you' },
  { to: '/feedbackMissingPoints', label: 'Missing points', hint: "Points that haven't arrived" },
  { to: '/feedbackSupport', label: 'I need help with my account', hint: 'Talk to someone' },
  { to: '/feedbackOther', label: 'Something else', hint: 'Anything we have not listed' },
] as const;

const DEVICE_LABELS: Record<FeedbackDevice, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  computer: 'Computer or laptop',
};

const PROBLEM_AREAS = [
  'Logging in',
  'Offers',
  'My card or barcode',
  'Points and activity',
  'My account details',
  'Something else',
] as const;

const PARTNERS = [
  { key: 'esso', name: brand.fuelPartner },
  { key: 'british-airways-avios', name: brand.airlinePartner },
  { key: 'hotels-com', name: brand.hotelPartner },
  { key: 'eshops', name: 'eShops' },
  { key: 'other-partner', name: 'Another partner' },
] as const;

const TYPE_LABELS: Record<FeedbackType, string> = {
  BUG: 'Report a problem',
  FEEDBACK: 'General feedback',
  FEATURE: 'Suggest a feature',
};

function ChoiceList({ items }: { items: ReadonlyArray<{ to: string; label: string; hint?: string }> }) {
  return (
    <ul className="feedback__choices">
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className="feedback__choice">
            <span className="feedback__choice-label">{item.label}</span>
            {item.hint ? <span className="feedback__choice-hint">{item.hint}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const deviceOf = (value: string | null): FeedbackDevice | undefined =>
  FEEDBACK_DEVICES.find((device) => device === value);

/** /feedback with the new-feedback switch on: what the feedback is about. */
function FeedbackStart() {
  return (
    <>
      <p className="feedback__lead">What would you like to tell us about?</p>
      <ChoiceList items={CHOICES} />
    </>
  );
}

/** /feedback with the switch off: the old single form with a type choice (BUG, FEEDBACK, FEATURE). */
function FeedbackOld() {
  const [type, setType] = useState<FeedbackType>('FEEDBACK');
  return (
    <>
      <RadioGroup
        legend="What kind of feedback is it?"
        name="feedback-type"
        value={type}
        onChange={setType}
        options={FEEDBACK_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
      />
      <FeedbackForm
        title="Your feedback"
        placeholder="Tell us what you think of the website"
        request={{ type, topic: 'general' }}
      />
    </>
  );
}

function DeviceOptions() {
  return (
    <ChoiceList
      items={FEEDBACK_DEVICES.map((device) => ({
        to: `/feedbackProblems?device=${device}`,
        label: DEVICE_LABELS[device],
      }))}
    />
  );
}

function Problems() {
  const [params] = useSearchParams();
  const device = deviceOf(params.get('device'));
  return (
    <ChoiceList
      items={PROBLEM_AREAS.map((area) => ({
        to: `/feedbackForm?${new URLSearchParams({ ...(device ? { device } : {}), subject: area }).toString()}`,
        label: area,
      }))}
    />
  );
}

function ProblemForm() {
  const [params] = useSearchParams();
  const device = deviceOf(params.get('device'));
  const subject = PROBLEM_AREAS.find((area) => area === params.get('subject'));
  return (
    <>
      {subject ? <p className="feedback__lead">About: {subject}</p> : null}
      <FeedbackForm
        title="What happened?"
        placeholder="Tell us what you were trying to do and what went wrong"
        request={{
          type: 'BUG',
          topic: 'problem',
          ...(device ? { device } : {}),
          ...(subject ? { subject } : {}),
        }}
      />
    </>
  );
}

function PartnerOptions() {
  return (
    <ChoiceList
      items={PARTNERS.map((partner) => ({
        to: `/feedbackPartner?partner=${partner.key}`,
        label: partner.name,
      }))}
    />
  );
}

function PartnerForm() {
  const [params] = useSearchParams();
  const partner = PARTNERS.find((entry) => entry.key === params.get('partner'));
  return (
    <>
      {partner ? null : (
        <p className="feedback__lead">
          <Link to="/feedbackPartnerOptions">Choose the partner</Link> first, or tell us below.
        </p>
      )}
      <FeedbackForm
        title={partner ? `Your feedback about ${partner.name}` : 'Your feedback about a partner'}
        placeholder="Tell us what happened and when"
        request={{ type: 'FEEDBACK', topic: 'partner', ...(partner ? { partner: partner.key } : {}) }}
      />
    </>
  );
}

function Support() {
  return (
    <>
      <p className="feedback__lead">
        Feedback helps us improve the website, but we can't reply to it. For help with your account, talk to
        us:
      </p>
      <ul className="feedback__support">
        <li>
          Call <a href={`tel:${brand.careline.phone.replaceAll(' ', '')}`}>{brand.careline.phone}</a> (
          {brand.careline.hours})
        </li>
        <li>
          Find answers in the <Link to="/help">help centre</Link>
        </li>
        <li>
          Lost your card? <Link to="/replace-card">Replace your card</Link>
        </li>
      </ul>
    </>
  );
}

function MissingPoints() {
  return (
    <>
      <p className="feedback__lead">
        Points can take up to 48 hours to appear in your activity. If it has been longer, tell us when and
        where you shopped and how much you spent, and we'll look into it.
      </p>
      <FeedbackForm
        title="Your missing points"
        placeholder="For example: Sainsbury's Holborn, 3 November, £42.50"
        request={{ type: 'FEEDBACK', topic: 'missing-points' }}
      />
    </>
  );
}

const PAGES: Record<string, () => React.JSX.Element> = {
  feedback: FeedbackStart,
  'feedback-old': FeedbackOld,
  'feedback-device-options': DeviceOptions,
  'feedback-problems': Problems,
  'feedback-form': ProblemForm,
  'feedback-retailer': () => (
    <FeedbackForm
      title={`Your feedback about ${brand.retailer}`}
      placeholder="Tell us about your shopping, offers or prices"
      request={{ type: 'FEEDBACK', topic: 'retailer' }}
    />
  ),
  'feedback-partner-options': PartnerOptions,
  'feedback-partner': PartnerForm,
  'feedback-suggestion': () => (
    <FeedbackForm
      title="Your idea"
      placeholder="What could we add or do better?"
      request={{ type: 'FEATURE', topic: 'suggestion' }}
    />
  ),
  'feedback-positive': () => (
    <FeedbackForm
      title="What did you like?"
      placeholder="Tell us what works well for you"
      request={{ type: 'FEEDBACK', topic: 'positive' }}
    />
  ),
  'feedback-other': () => (
    <FeedbackForm
      title="Your feedback"
      placeholder="Tell us anything we haven't asked about"
      request={{ type: 'FEEDBACK', topic: 'other' }}
    />
  ),
  'feedback-support': Support,
  'feedback-missing-points': MissingPoints,
};

/**
 * /feedback (new or old by the new-feedback switch) and its eleven sub-pages
 * (docs/product/signed-in-pages.md §S2.3): one module, the page chosen by the route's page name; the heading
 * is the route table's title.
 */
export function FeedbackPages() {
  const handle = useMatches().at(-1)?.handle as { page?: string; title?: string } | undefined;
  const Page = PAGES[handle?.page ?? 'feedback'] ?? FeedbackStart;
  const isStart = handle?.page === 'feedback' || handle?.page === 'feedback-old';
  return (
    <main id="main" className="page feedback">
      {isStart ? null : (
        <Link className="feedback__back" to="/feedback">
          All feedback topics
        </Link>
      )}
      <h1>{handle?.title ?? 'Feedback'}</h1>
      <Page />
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { FeedbackPages as Component };
