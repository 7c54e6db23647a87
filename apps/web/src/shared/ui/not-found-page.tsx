import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="page" id="main">
      <h1>We can't find that page</h1>
      <p>The link may be old, or the address may have a typo.</p>
      <p>
        <Link to="/welcome">Go to the home page</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { NotFoundPage as Component };
