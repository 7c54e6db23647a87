import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { isSwitchOn } from '../../shared/switches/switches.ts';
import { FaqAccordion } from './faq-accordion.tsx';
import { HelpChat } from './help-chat.tsx';
import './help.css';

/**
 * /help (docs/product/signed-in-pages.md §S2.2, §S2.6): the FAQ topics of the `faqs` document, and the ways
 * to reach us.
 */
export function HelpPage() {
  return (
    <main id="main" className="page help">
      <h1>Help centre</h1>
      <p className="help__lead">Choose a topic to see its questions, then a question to see the answer.</p>
      <FaqAccordion documentName="faqs" />
      {/* The chat bot switch (docs/product/switches-and-constants.md §S9; ADR 038). */}
      {isSwitchOn('chatBot') ? <HelpChat /> : null}
      <aside className="help__aside" aria-labelledby="help-more">
        <h2 id="help-more">Still need help?</h2>
        <p>
          Call us on <a href={`tel:${brand.careline.phone.replaceAll(' ', '')}`}>{brand.careline.phone}</a> (
          {brand.careline.hours}), see <Link to="/contact-us">all the ways to contact us</Link>, or{' '}
          <Link to="/feedback">tell us what you think</Link>.
        </p>
      </aside>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { HelpPage as Component };
