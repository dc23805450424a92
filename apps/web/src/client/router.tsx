import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Opens a path of the app without reloading the page. */
export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo(0, 0);
}

/** The current location's path and query, updated on navigation. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const read = () => ({
    path: window.location.pathname,
    search: new URLSearchParams(window.location.search),
  });
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const update = () => setLocation(read());
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return location;
}

/** A link inside the app (a real `a href`, opened without reload on a plain click). */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return <a {...props} onClick={onClick} />;
}
