import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Document HTML comes from the database: it is sanitised before it reaches the page. */
export function SanitisedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
