import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../shared/api.ts';
import { staffApi } from '../shared/staff-api.ts';
import { Notice } from '../shared/ui/notice.tsx';
import { usePageTitle } from '../shared/ui/page-title.ts';
import { MembersTable } from './members-table.tsx';
import { formText } from '../shared/form-text.ts';

/** What the server read a query as, in the words of a sentence. */
const READ_AS = {
  card: 'a card number',
  'card-or-mobile': 'a card number or a mobile',
  email: 'an email',
  mobile: 'a mobile',
  'postcode-and-name': 'a postcode and last name',
  name: 'a name',
} as const;

/**
 * Find a member (docs/staff-console.md "Finding a member"): one box that takes what a caller says, the query
 * kept in the address (`?q=`) so that back, reload and a shared link find the same members.
 */
export function SearchPage() {
  usePageTitle('Find a member');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const search = useQuery({
    queryKey: ['members', q],
    queryFn: () => staffApi.search(q),
    enabled: q.length >= 2,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = formText(new FormData(event.currentTarget), 'q').trim();
    setParams(value ? { q: value } : {});
  };

  const found = search.data?.members.length ?? 0;
  return (
    <section className="page" aria-labelledby="search-heading">
      <h1 id="search-heading">Find a member</h1>
      <form role="search" className="search" onSubmit={submit} aria-label="Find a member">
        <label className="field__label" htmlFor="member-query">
          Card number, email, mobile, postcode and last name, or name
        </label>
        <p className="field__hint" id="member-query-hint">
          Type it as the caller says it: spaces and dashes in a card number are fine.
        </p>
        <div className="search__row">
          <input
            id="member-query"
            key={q}
            name="q"
            type="search"
            className="field__input search__input"
            defaultValue={q}
            aria-describedby="member-query-hint"
            autoComplete="off"
            spellCheck={false}
            minLength={2}
            maxLength={100}
            required
            // The page is this box: a careline agent starts typing as soon as it opens.
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          <button type="submit" className="button button--primary">
            Find
          </button>
        </div>
      </form>
      <div className="results" aria-live="polite">
        {search.isFetching && <p className="loading">Searching…</p>}
        {search.error && <Notice tone="error">{messageOf(search.error)}</Notice>}
        {search.data && !search.isFetching && (
          <p className="results__summary">
            {found === 0 ? 'No members' : found === 1 ? '1 member' : `${found} members`} found for “{q}”, read
            as {READ_AS[search.data.readAs]}
            {found === 20 ? ' (the first 20: add to the search to narrow it)' : ''}.
          </p>
        )}
      </div>
      {search.data && <MembersTable members={search.data.members} />}
    </section>
  );
}
