/** The first focusable element of every page: jumps over the drawer and the top bar. */
export function SkipLink() {
  return (
    <a className="allot-skip-link" href="#main-content">
      Skip to main content
    </a>
  );
}
