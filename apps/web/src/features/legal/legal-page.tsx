import { useLocation } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useDocument } from '../../shared/documents/get-document.ts';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import './legal.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** Help centre wording for a document that cannot be shown (docs/product/calls-and-errors.md §S8). */
export const DOCUMENT_LOAD_FAILED =
  "We're having trouble displaying this right now. Try again or check back later.";

/** A legal page under /about/privacy-and-legal/: the document named by the last path segment. */
export function LegalPage() {
  const { pathname } = useLocation();
  const name = pathname.split('/').filter(Boolean).at(-1) ?? '';
  const document = useDocument(name);
  return (
    <main className="page legal" id="main">
      {document.isPending ? (
        <div className="legal__loading">
          <Spinner label="Loading - Please wait..." />
          <p>Loading - Please wait...</p>
        </div>
      ) : document.isError ? (
        <>
          <h1>Privacy and legal</h1>
          <Alert>{DOCUMENT_LOAD_FAILED}</Alert>
        </>
      ) : (
        <>
          <h1>{document.data.title}</h1>
          <SanitisedHtml className="legal__body" html={document.data.html} />
        </>
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { LegalPage as Component };
