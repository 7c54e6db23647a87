import { useState } from 'react';
import { useDocument } from '../../shared/documents/get-document.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Popup } from '../../shared/ui/popup.tsx';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';

/** The name of the business rules in /documents-api (the documents module's defaults). */
export const BUSINESS_RULES_DOCUMENT = 'business-rules';

/** Help centre wording for a document that cannot be shown (docs/product/calls-and-errors.md §S8). */
const DOCUMENT_LOAD_FAILED = "We're having trouble displaying this right now. Try again or check back later.";

function BusinessRulesBody() {
  const rules = useDocument(BUSINESS_RULES_DOCUMENT);
  if (rules.isPending) return <Spinner label="Loading - Please wait..." />;
  if (rules.isError) return <Alert tone="error">{DOCUMENT_LOAD_FAILED}</Alert>;
  return <SanitisedHtml html={rules.data.html} />;
}

/**
 * The 'Business Rules' link of the business details and business offers steps
 * (docs/product/registration-and-sign-in.md §R2): the business rules document in a dialog over the step, so
 * the member reads them without leaving the form (ADR 037). The document is loaded when the dialog opens.
 */
export function BusinessRulesLink() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Business Rules
      </Button>
      {/* Sliding: on a phone a tall sheet that scrolls (a long document), closed by back or a swipe down. */}
      <Popup open={open} onClose={() => setOpen(false)} title="Business Rules" sliding>
        {open ? <BusinessRulesBody /> : null}
      </Popup>
    </>
  );
}
