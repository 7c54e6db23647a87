import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  MAX_AUDIENCE_LIST_BYTES,
  MAX_SEGMENT_RULES,
  offerAudienceSchema,
  segmentRuleSchema,
  type AudienceListReport,
} from '@app/contracts/staff-offers';
import { messageOf } from '../../shared/api.ts';
import { formatDateTime, formatPoints } from '../../shared/format.ts';
import { offerKeys, offersApi } from '../../shared/offers-api.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { Field, SelectField } from '../../shared/ui/field.tsx';
import { Notice } from '../../shared/ui/notice.tsx';
import {
  SEGMENT_RULES,
  segmentRules,
  type AudienceKind,
  type SegmentRow,
  type SegmentRuleName,
} from './offer-form-state.ts';
import { RadioChoice, type FormPartProps } from './form-parts.tsx';
import { segmentRuleText } from './offer-words.tsx';

const AUDIENCES: { value: AudienceKind; label: string; hint: string }[] = [
  { value: 'everyone', label: 'Every member', hint: 'Everyone with an account sees it.' },
  {
    value: 'segment',
    label: 'A segment',
    hint: `Members who meet up to ${MAX_SEGMENT_RULES} rules, all at once.`,
  },
  { value: 'list', label: 'An uploaded list', hint: 'The cards of a CSV file, one card number a row.' },
];

type Refused = AudienceListReport['refused'][number];
const refusedColumn = createColumnHelper<Refused>();
const refusedColumns = [
  refusedColumn.display({
    id: 'row',
    header: 'Row',
    meta: { numeric: true },
    cell: ({ row }) => row.original.row,
  }),
  refusedColumn.display({
    id: 'value',
    header: 'What it held',
    cell: ({ row }) => <span className="mono">{row.original.value || '(empty)'}</span>,
  }),
  refusedColumn.display({
    id: 'reason',
    header: 'Why it was refused',
    cell: ({ row }) => row.original.reason,
  }),
];

/** One rule of the segment: which, and its number (days or points), with the sentence it makes. */
function SegmentRuleRow({
  row,
  index,
  error,
  onChange,
  onRemove,
}: {
  row: SegmentRow;
  index: number;
  error: string | undefined;
  onChange: (row: SegmentRow) => void;
  onRemove: () => void;
}) {
  const takes = SEGMENT_RULES[row.rule].takes;
  const rule = segmentRuleSchema.safeParse(segmentRules([row])[0]);
  return (
    <li className="segment-rule">
      <div className="segment-rule__fields">
        <SelectField
          label={`Rule ${index + 1}`}
          value={row.rule}
          onChange={(event) => {
            const next = event.target.value as SegmentRuleName;
            onChange({ ...row, rule: next, value: SEGMENT_RULES[next].start });
          }}
        >
          {(Object.keys(SEGMENT_RULES) as SegmentRuleName[]).map((name) => (
            <option key={name} value={name}>
              {SEGMENT_RULES[name].label}
            </option>
          ))}
        </SelectField>
        {takes && (
          <Field
            label={takes === 'days' ? `In the last (days)` : 'Points'}
            className="field--short"
            type="number"
            inputMode="numeric"
            min={takes === 'days' ? 1 : 0}
            max={takes === 'days' ? 365 : 10_000_000}
            step={1}
            value={row.value}
            onChange={(event) => onChange({ ...row, value: event.target.value })}
            error={error}
          />
        )}
        <button
          type="button"
          className="button button--quiet button--small segment-rule__remove"
          onClick={onRemove}
        >
          Remove<span className="visually-hidden"> rule {index + 1}</span>
        </button>
      </div>
      {rule.success && <p className="segment-rule__reads">{segmentRuleText(rule.data)}</p>}
    </li>
  );
}

/** The cards of an uploaded list: a CSV file chosen and sent, and the report of rows taken and refused. */
function ListUpload({ offerId, listCount }: { offerId: string; listCount: number | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useMutation({
    mutationFn: (file: Blob) => offersApi.uploadList(offerId, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.offer(offerId) }),
  });
  const file = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return;
    setTooLarge(chosen.size > MAX_AUDIENCE_LIST_BYTES);
    if (chosen.size <= MAX_AUDIENCE_LIST_BYTES) upload.mutate(chosen);
  };
  const report = upload.data;
  return (
    <div className="list-upload stack stack--tight">
      <p>
        {listCount === null
          ? 'No list is uploaded yet.'
          : `The list on file holds ${formatPoints(listCount)} ${listCount === 1 ? 'card' : 'cards'}. ` +
            'A new upload replaces it.'}
      </p>
      {/* Not a form of its own (it sits in the offer's form): the button sends the file alone. */}
      <div className="list-upload__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-file`}>
            List of cards (CSV)
          </label>
          <p className="field__hint" id={`${id}-hint`}>
            One card number a row, up to 2 MB. A header row is fine.
          </p>
          <input
            ref={file}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="field__input field__input--file"
            aria-describedby={`${id}-hint`}
          />
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={submit}
          disabled={upload.isPending}
        >
          {upload.isPending ? 'Uploading…' : 'Upload the list'}
        </button>
      </div>
      {tooLarge && (
        <Notice tone="error">The file is larger than 2 MB. Split it or remove what is not a card.</Notice>
      )}
      {upload.error && <Notice tone="error">{messageOf(upload.error)}</Notice>}
      <div aria-live="polite">
        {report && (
          <Notice tone={report.refused.length ? 'warning' : 'success'} title="List uploaded">
            {formatPoints(report.accepted)} {report.accepted === 1 ? 'card' : 'cards'} taken,{' '}
            {formatPoints(report.refused.length)} {report.refused.length === 1 ? 'row' : 'rows'} refused.
          </Notice>
        )}
      </div>
      {report && report.refused.length > 0 && (
        <DataTable
          caption="Rows refused"
          showCaption
          columns={refusedColumns}
          data={report.refused}
          rowKey={(row) => String(row.row)}
          empty=""
        />
      )}
    </div>
  );
}

/**
 * Who gets the offer: everyone, a segment of up to 5 rules (all at once) with "Count members" counting how
 * many it reaches now, or an uploaded list of cards, which needs the offer saved first.
 */
export function AudienceFields({
  values,
  errors,
  set,
  offerId,
  listCount,
}: FormPartProps & { offerId: string | undefined; listCount: number | null }) {
  const nextId = useRef(values.segment.length);
  const count = useMutation({ mutationFn: offersApi.countAudience });
  const chooseAudience = (kind: AudienceKind) => {
    set('audienceKind', kind);
    count.reset();
    if (kind === 'segment' && values.segment.length === 0) addRule();
  };
  const setRows = (rows: SegmentRow[]) => {
    set('segment', rows);
    count.reset();
  };
  function addRule() {
    const used = new Set(values.segment.map((row) => row.rule));
    const rule =
      (Object.keys(SEGMENT_RULES) as SegmentRuleName[]).find((name) => !used.has(name)) ?? 'fuel-shopper';
    setRows([...values.segment, { id: nextId.current++, rule, value: SEGMENT_RULES[rule].start }]);
  }
  const audience = offerAudienceSchema.safeParse(
    values.audienceKind === 'segment'
      ? { kind: 'segment', rules: segmentRules(values.segment) }
      : { kind: values.audienceKind },
  );

  return (
    <>
      <RadioChoice
        legend="Audience"
        name="audienceKind"
        options={AUDIENCES}
        value={values.audienceKind}
        onChange={chooseAudience}
        error={errors.audienceKind}
        columns
      />
      {values.audienceKind === 'segment' && (
        <div className="segment stack stack--tight">
          <ol className="segment__rules" aria-label="Rules of the segment">
            {values.segment.map((row, index) => (
              <SegmentRuleRow
                key={row.id}
                row={row}
                index={index}
                error={errors[`segment.${index}`]}
                onChange={(changed) =>
                  setRows(values.segment.map((each) => (each.id === row.id ? changed : each)))
                }
                onRemove={() => setRows(values.segment.filter((each) => each.id !== row.id))}
              />
            ))}
          </ol>
          {errors.segment && <p className="field__error">{errors.segment}</p>}
          <div className="segment__actions">
            {values.segment.length < MAX_SEGMENT_RULES ? (
              <button type="button" className="button button--quiet button--small" onClick={addRule}>
                Add a rule
              </button>
            ) : (
              <p className="field__hint">A segment takes at most {MAX_SEGMENT_RULES} rules.</p>
            )}
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={!audience.success || count.isPending}
              onClick={() => audience.success && count.mutate(audience.data)}
            >
              {count.isPending ? 'Counting…' : 'Count members'}
            </button>
          </div>
          <div aria-live="polite" className="segment__count">
            {count.data && (
              <p>
                <strong>{formatPoints(count.data.members)}</strong>{' '}
                {count.data.members === 1 ? 'member meets' : 'members meet'} every rule now
                {count.data.summaryRefreshedAt && (
                  <span className="field__hint">
                    {' '}
                    (counted on the members’ summary of {formatDateTime(count.data.summaryRefreshedAt)})
                  </span>
                )}
                .
              </p>
            )}
          </div>
          {count.error && <Notice tone="error">{messageOf(count.error)}</Notice>}
        </div>
      )}
      {values.audienceKind === 'list' &&
        (offerId ? (
          <ListUpload offerId={offerId} listCount={listCount} />
        ) : (
          <Notice tone="info" title="Save the draft first">
            The list of cards is uploaded to a saved offer: save this draft, then upload the list from its
            Edit page.
          </Notice>
        ))}
    </>
  );
}
