import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { messageOf } from '../../shared/api.ts';
import { formText } from '../../shared/form-text.ts';
import { offersApi } from '../../shared/offers-api.ts';
import { Field } from '../../shared/ui/field.tsx';
import { Notice } from '../../shared/ui/notice.tsx';

/** The widths a member sees the offer at: a phone's, and a desktop's drawn smaller to fit. */
const WIDTHS = {
  phone: { width: 390, height: 844, label: 'Phone' },
  desktop: { width: 1366, height: 900, label: 'Desktop' },
} as const;
type Width = keyof typeof WIDTHS;

const PAGES = [
  { key: 'offerCard', title: 'Offer card' },
  { key: 'heroCard', title: 'Hero card' },
  { key: 'offerDetails', title: 'Offer page' },
] as const;

/**
 * One preview page in a frame of the member's width, drawn smaller to fit its column (a transform, so the
 * page lays itself out at the member's width): what it is, and a link to open it in a tab of its own.
 */
function PreviewFrame({ title, path, width }: { title: string; path: string; width: Width }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const size = WIDTHS[width];
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => setScale(Math.min(1, element.clientWidth / size.width));
    fit();
    // Fitted again as its column's width changes, where the browser tells (every one this console supports).
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [size.width]);
  // A desktop page is shown by its top 900 pixels, a phone's by its first screen.
  const height = Math.round(size.height * scale);
  return (
    <figure className="preview">
      <figcaption className="preview__caption">
        <span className="preview__title">{title}</span>
        <a href={path} target="_blank" rel="noopener">
          Open <span className="visually-hidden">the {title.toLowerCase()} preview </span>in a new tab
        </a>
      </figcaption>
      <div ref={box} className="preview__box" style={{ height }}>
        <iframe
          className="preview__frame"
          title={`${title} as a member sees it, ${size.label.toLowerCase()} width`}
          src={path}
          width={size.width}
          height={size.height}
          loading="lazy"
          referrerPolicy="same-origin"
          style={{ transform: `scale(${scale})` }}
        />
      </div>
    </figure>
  );
}

/**
 * Preview (docs/staff-console.md "Offers and campaigns"): the offer's three preview pages of the member's
 * site, as one member would see them (a member's id, optional) or any member, at a phone's and a desktop's
 * width.
 */
export function OfferPreview({ offerId }: { offerId: string }) {
  const id = useId();
  const [width, setWidth] = useState<Width>('phone');
  const [memberError, setMemberError] = useState<string>();
  const preview = useMutation({ mutationFn: (memberId?: string) => offersApi.preview(offerId, memberId) });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const memberId = formText(new FormData(event.currentTarget), 'memberId').trim();
    if (memberId && !z.uuid().safeParse(memberId).success) {
      setMemberError(
        'Enter the member’s id as the member’s page shows it (36 characters), or leave it empty.',
      );
      return;
    }
    setMemberError(undefined);
    preview.mutate(memberId || undefined);
  };
  const shown = preview.data;
  return (
    <div className="stack">
      <form className="preview-form" onSubmit={submit} noValidate aria-label="Preview the offer">
        <Field
          label="Member’s id (optional)"
          hint="To see it as one member would, with their name and whether they are in its audience."
          name="memberId"
          autoComplete="off"
          spellCheck={false}
          className="preview-form__member"
          error={memberError}
        />
        <button type="submit" className="button button--secondary" disabled={preview.isPending}>
          {preview.isPending ? 'Making the preview…' : shown ? 'Preview again' : 'Show the preview'}
        </button>
      </form>
      {preview.error && <Notice tone="error">{messageOf(preview.error)}</Notice>}
      <div aria-live="polite">
        {shown && shown.inAudience !== null && (
          <Notice tone={shown.inAudience ? 'success' : 'warning'}>
            {shown.inAudience
              ? 'This member is in the offer’s audience now.'
              : 'This member is not in the offer’s audience now: they would not see it.'}
          </Notice>
        )}
      </div>
      {shown && (
        <>
          <fieldset className="segmented" aria-describedby={`${id}-hint`}>
            <legend className="visually-hidden">Width of the previews</legend>
            {(Object.keys(WIDTHS) as Width[]).map((each) => (
              <label key={each} className="segmented__option">
                <input
                  type="radio"
                  name={`${id}-width`}
                  checked={width === each}
                  onChange={() => setWidth(each)}
                />
                <span>
                  {WIDTHS[each].label} ({WIDTHS[each].width} px)
                </span>
              </label>
            ))}
          </fieldset>
          <p className="field__hint" id={`${id}-hint`}>
            {width === 'desktop'
              ? 'Each page laid out 1,366 pixels wide, drawn smaller to fit.'
              : 'Each page laid out 390 pixels wide, as on a phone.'}
          </p>
          <div className={`previews previews--${width}`}>
            {PAGES.map((page) => (
              <PreviewFrame
                key={`${page.key}-${width}`}
                title={page.title}
                path={shown.paths[page.key]}
                width={width}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
