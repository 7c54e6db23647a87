import { useMutation } from '@tanstack/react-query';
import { memo, useId, useState, type ChangeEvent } from 'react';
import {
  MAX_OFFER_UPLOAD_BYTES,
  OFFER_UPLOAD_TYPES,
  offerMessages,
  type OfferPicture,
} from '@app/contracts/staff-offers';
import { messageOf } from '../../shared/api.ts';
import { offersApi } from '../../shared/offers-api.ts';

/** One tile of the grid: a radio button drawn as the picture with its name under it. */
function PictureChoice({
  value,
  label,
  url,
  checked,
  onChoose,
}: {
  value: string;
  label: string;
  url: string | undefined;
  checked: boolean;
  onChoose: (value: string) => void;
}) {
  return (
    <label className="picture-choice">
      <input
        type="radio"
        name="picture"
        value={value}
        checked={checked}
        onChange={() => onChoose(value)}
        className="visually-hidden"
      />
      {url ? (
        <img className="picture-choice__image" src={url} alt="" width={160} height={100} loading="lazy" />
      ) : (
        <span className="picture-choice__image picture-choice__image--none" aria-hidden="true">
          {value ? 'Uploaded' : 'Category'}
        </span>
      )}
      <span className="picture-choice__label">{label}</span>
    </label>
  );
}

/**
 * The offer's picture: one of the library's, chosen from a grid of thumbnails (a group of radio buttons,
 * so the arrow keys move through it), the category's own, or a picture uploaded here (PNG, JPEG or WebP of
 * 512 KB or less; the server checks it by its content). An upload joins the grid, first and chosen.
 */
export const PicturePicker = memo(function PicturePicker({
  library,
  value,
  onChange,
  error,
}: {
  library: OfferPicture[];
  value: string;
  /** The picture chosen, with where it is shown when known (for the form's summary). */
  onChange: (picture: string, url: string | undefined) => void;
  error: string | undefined;
}) {
  const id = useId();
  const [find, setFind] = useState('');
  const [uploads, setUploads] = useState<{ picture: string; url: string }[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const upload = useMutation({
    mutationFn: offersApi.uploadPicture,
    onSuccess: (uploaded) => {
      setUploads((before) => [...before, uploaded]);
      onChange(uploaded.picture, uploaded.url);
    },
  });
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    upload.reset();
    if (!file) return;
    const typeAccepted = OFFER_UPLOAD_TYPES.some((type) => type === file.type);
    if (!typeAccepted || file.size > MAX_OFFER_UPLOAD_BYTES) {
      setRefusal(offerMessages.uploadRefused);
      return;
    }
    setRefusal(undefined);
    upload.mutate(file);
  };
  // A draft's upload from before this visit: in the grid by its name, without a thumbnail.
  const earlier =
    value.startsWith('upload:') && !uploads.some((each) => each.picture === value) ? value : undefined;
  const problem = refusal ?? (upload.error ? messageOf(upload.error) : undefined);
  const wanted = find.trim().toLowerCase();
  const shown = wanted ? library.filter((picture) => picture.label.toLowerCase().includes(wanted)) : library;
  const choose = (picture: string) =>
    onChange(
      picture,
      library.find((each) => each.key === picture)?.url ??
        uploads.find((each) => each.picture === picture)?.url,
    );
  const chosen = library.find((picture) => picture.key === value)?.label;
  return (
    <fieldset
      className={`pictures${error ? ' field--invalid' : ''}`}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend className="field__label">Picture</legend>
      <p className="field__hint" id={`${id}-hint`}>
        Choose one of the library’s {library.length}, upload one, or keep the category’s own picture.{' '}
        <span className="pictures__chosen">
          Chosen: {value === '' ? 'the category’s picture' : (chosen ?? 'your upload')}.
        </span>
      </p>
      <div className="pictures__find">
        <label className="visually-hidden" htmlFor={`${id}-find`}>
          Find a picture by its name
        </label>
        <input
          id={`${id}-find`}
          type="search"
          className="field__input"
          placeholder="Find a picture: fuel, bread, flight…"
          value={find}
          onChange={(event) => setFind(event.target.value)}
          // Enter finds, as in any search box: it does not send the offer's form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          autoComplete="off"
        />
      </div>
      <div className="pictures__grid">
        <PictureChoice
          value=""
          label="The category’s picture"
          url={undefined}
          checked={value === ''}
          onChoose={choose}
        />
        {earlier && (
          <PictureChoice value={earlier} label="Your upload" url={undefined} checked onChoose={choose} />
        )}
        {uploads.map((uploaded, index) => (
          <PictureChoice
            key={uploaded.picture}
            value={uploaded.picture}
            label={`Your upload ${index + 1}`}
            url={uploaded.url}
            checked={value === uploaded.picture}
            onChoose={choose}
          />
        ))}
        {shown.map((picture) => (
          <PictureChoice
            key={picture.key}
            value={picture.key}
            label={picture.label}
            url={picture.url}
            checked={value === picture.key}
            onChoose={choose}
          />
        ))}
      </div>
      {shown.length === 0 && <p className="field__hint">No picture of the library is called that.</p>}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="pictures__upload">
        {/* The file box hidden behind its label drawn as a button: its focus shows on the label. */}
        <input
          id={`${id}-file`}
          type="file"
          accept={OFFER_UPLOAD_TYPES.join(',')}
          className="visually-hidden"
          onChange={pick}
          aria-describedby={`${id}-upload-hint`}
          disabled={upload.isPending}
        />
        <label className="button button--secondary button--small" htmlFor={`${id}-file`}>
          Upload a picture
        </label>
        <span className="field__hint" id={`${id}-upload-hint`}>
          PNG, JPEG or WebP, 512 KB or less.
        </span>
      </div>
      <div aria-live="polite" className="pictures__status">
        {upload.isPending && <p>Uploading the picture…</p>}
        {upload.isSuccess && <p>Picture uploaded and chosen.</p>}
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
});
