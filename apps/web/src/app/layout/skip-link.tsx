/** The first thing a keyboard user reaches: a jump past the header to the page's content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-full focus:bg-wine-800 focus:px-4 focus:py-2 focus:text-cream-50 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}
