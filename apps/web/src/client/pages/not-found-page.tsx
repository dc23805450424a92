import { useEffect } from 'react';
import { Link } from '../router.js';

/** The one "not found" page: for unknown ids and for objects the user cannot read alike. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Not found · Ask Analyst';
  }, []);
  return (
    <section data-testid="not-found">
      <h1>Not found</h1>
      <p>
        There is nothing here that you can open. It may not exist, or it is not shared with you.
      </p>
      <p>
        <Link href="/">Back to your workbooks</Link>
      </p>
    </section>
  );
}
