import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { FaqAccordion } from './faq-accordion.tsx';
import './help.css';

/** /register/help: the registration questions (the `reg-help` document the card-number popup also reads). */
export function RegisterHelpPage() {
  return (
    <main id="main" className="page help">
      <h1>Help with registering</h1>
      <p className="help__lead">
        Answers to the questions people ask most while they register for {brand.name}.
      </p>
      <FaqAccordion documentName="reg-help" />
      <p className="help__aside">
        Ready? <Link to="/id/start">Register now</Link> or read the <Link to="/help">help centre</Link>.
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { RegisterHelpPage as Component };
