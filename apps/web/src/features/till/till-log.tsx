import { useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { clockTimeWithSeconds } from './format.ts';
import type { LoggedCall } from './till-api.ts';

/** A body longer than this many lines starts folded (the shelves), so the calls around it stay in view. */
const FOLD_OVER_LINES = 80;

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** A shell word in single quotes. */
const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** The call as a curl command a partner developer can run: the token left as $TOKEN, never copied. */
function curlOf(call: LoggedCall): string {
  const parts = [`curl -X ${call.method} ${quoted(`${window.location.origin}${call.path}`)}`];
  for (const [name, value] of Object.entries(call.headers)) {
    parts.push(
      name === 'Authorization' ? '-H "Authorization: Bearer $TOKEN"' : `-H ${quoted(`${name}: ${value}`)}`,
    );
  }
  if (call.body !== undefined) parts.push(`--data ${quoted(JSON.stringify(call.body))}`);
  return parts.join(' \\\n  ');
}

function Body({ title, value }: { title: string; value: unknown }) {
  const text = pretty(value);
  const lines = text.split('\n').length;
  return (
    <details className="till-call__body" open={lines <= FOLD_OVER_LINES}>
      <summary>
        {title}
        {lines > FOLD_OVER_LINES ? <span className="till-muted"> ({lines} lines)</span> : null}
      </summary>
      <pre>{text}</pre>
    </details>
  );
}

const statusTone = (status: number | undefined) =>
  status === undefined ? 'failed' : status < 300 ? 'ok' : status < 500 ? 'refused' : 'failed';

function Call({ call }: { call: LoggedCall }) {
  const [copied, setCopied] = useState(false);
  const isPartnerApi = call.path.startsWith('/partner-api/');
  const copy = () => {
    void navigator.clipboard
      ?.writeText(curlOf(call))
      .then(() => {
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      })
      .catch(() => setCopied(false));
  };
  return (
    <article className="till-call" aria-label={`${call.method} ${call.path}: ${call.status ?? 'no answer'}`}>
      <header className="till-call__head">
        <span className="till-call__method">{call.method}</span>
        <code className="till-call__path">{call.path}</code>
        <span className={`till-call__status till-call__status--${statusTone(call.status)}`}>
          {call.status ?? 'No answer'}
        </span>
      </header>
      <p className="till-call__meta">
        {clockTimeWithSeconds(call.at)} · {call.ms} ms
      </p>
      <Body
        title="Headers"
        value={Object.entries(call.headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n')}
      />
      {call.body !== undefined ? <Body title="Request body" value={call.body} /> : null}
      {call.failure ? (
        <p className="till-call__failure">{call.failure}</p>
      ) : (
        <Body title="Answer" value={call.answer ?? '(no body)'} />
      )}
      {isPartnerApi && typeof navigator !== 'undefined' && navigator.clipboard ? (
        <Button variant="secondary" className="till-call__copy" onClick={copy}>
          {copied ? 'Copied' : 'Copy as curl'}
        </Button>
      ) : null}
    </article>
  );
}

/** "Requests and answers": every call of the till, newest first, as sent and as answered. */
export function TillLog({ calls, onClear }: { calls: LoggedCall[]; onClear: () => void }) {
  return (
    <section className="till-log" aria-labelledby="till-log-title">
      <div className="till-log__head">
        <div>
          <h2 id="till-log-title">Requests and answers</h2>
          <p className="till-muted">
            {calls.length === 0
              ? 'No calls yet.'
              : `${calls.length} ${calls.length === 1 ? 'call' : 'calls'}, newest first. Tokens are cut short.`}
          </p>
        </div>
        <Button
          variant="secondary"
          className="till-log__clear"
          onClick={onClear}
          disabled={calls.length === 0}
        >
          Clear
        </Button>
      </div>
      {/* Its own scrolling column on a wide screen: focusable, so the keyboard can scroll it too. */}
      <ol className="till-log__calls" aria-label="Calls, newest first" tabIndex={0}>
        {calls.map((call) => (
          <li key={call.id}>
            <Call call={call} />
          </li>
        ))}
      </ol>
    </section>
  );
}
