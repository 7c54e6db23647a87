import { Link } from 'react-router';
import { usePageTitle } from '../shared/ui/page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="page">
      <h1>There is no such page</h1>
      <p>
        <Link to="/">Find a member</Link>
      </p>
    </section>
  );
}
