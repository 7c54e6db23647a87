import { Link } from 'react-router';
import { HELP_LOAD_FAILED_MESSAGE, HELP_LOADING_MESSAGE } from '@app/contracts/help';
import { useDocument } from '../../shared/documents/get-document.ts';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import './help.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** /accessibility (session): the accessibility statement and the settings a member can change. */
export function AccessibilityPage() {
  const statement = useDocument('accessibility');
  return (
    <main id="main" className="page help">
      <h1>Accessibility</h1>
      <section aria-labelledby="accessibility-settings">
        <h2 id="accessibility-settings">Your settings</h2>
        <ul>
          <li>
            <Link to="/account/sound-effects">Sound effects</Link>: turn the app's sounds on or off.
          </li>
          <li>
            Text size and contrast follow your browser and device settings; every page works with zoom up to
            400% and with a screen reader.
          </li>
        </ul>
      </section>
      <section aria-labelledby="accessibility-statement">
        <h2 id="accessibility-statement">Accessibility statement</h2>
        {statement.isPending ? (
          <div className="help__loading">
            <span className="spinner" aria-hidden="true" />
            <p role="status">{HELP_LOADING_MESSAGE}</p>
          </div>
        ) : statement.isError ? (
          <Alert>{HELP_LOAD_FAILED_MESSAGE}</Alert>
        ) : (
          <SanitisedHtml className="help__lead" html={statement.data.html} />
        )}
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { AccessibilityPage as Component };
