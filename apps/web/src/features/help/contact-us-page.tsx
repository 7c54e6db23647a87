import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import './help.css';

const tel = `tel:${brand.careline.phone.replaceAll(' ', '')}`;

/** /contact-us: every way to reach the scheme, each with when it is the right one. */
export function ContactUsPage() {
  return (
    <main id="main" className="page help">
      <h1>Contact us</h1>
      <p className="help__lead">
        Most questions are answered in the <Link to="/help">help centre</Link>. If yours isn't, here is how to
        reach us.
      </p>
      <ul className="help-cards">
        <li>
          <h2>Call us</h2>
          <p>
            <a href={tel}>{brand.careline.phone}</a>
          </p>
          <p>{brand.careline.hours}. Calls cost the same as a call to a local number.</p>
        </li>
        <li>
          <h2>Missing points</h2>
          <p>Points can take up to 48 hours to appear. Still not there after that?</p>
          <Link to="/feedbackMissingPoints">Tell us about missing points</Link>
        </li>
        <li>
          <h2>Lost, stolen or forgotten card</h2>
          <p>Find your card number or block a card and get a new one.</p>
          <p>
            <Link to="/retrieve-card">Find your card number</Link>
            <br />
            <Link to="/replace-card">Replace your card</Link>
          </p>
        </li>
        <li>
          <h2>Feedback about the website</h2>
          <p>Something not working, or an idea to make it better?</p>
          <Link to="/feedback">Send us feedback</Link>
        </li>
        <li>
          <h2>Registering</h2>
          <p>Questions about creating your account.</p>
          <Link to="/register/help">Help with registering</Link>
        </li>
        <li>
          <h2>Your data</h2>
          <p>How we use your details and the choices you have.</p>
          <Link to="/privacy-and-legal">Privacy and legal</Link>
        </li>
      </ul>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ContactUsPage as Component };
