/**
 * The router's `scrollRestoration` for a page the server rendered (issue 24).
 *
 * Such a page is read, scrolled and clicked before its code runs. The router's first render (the
 * hydration) finds no position saved for a page the browser loaded, and would scroll to the top:
 * a visitor halfway down the page would be thrown back up, and a tap on a footer link landing at
 * that moment would hit whatever is at the top instead. That first render is left alone (the
 * browser has already placed the page: at the top, or where it was on a reload or a return);
 * every later navigation is restored or starts at the top as usual.
 */
export function keepScrollOnFirstRender(): () => boolean {
  let first = true;
  return () => {
    if (!first) return true;
    first = false;
    // The router records only the scrolls it has seen; a visitor who scrolled before it started
    // and then leaves without scrolling again should come back to the same place: tell it now.
    if (window.scrollX !== 0 || window.scrollY !== 0) document.dispatchEvent(new Event('scroll'));
    return false;
  };
}
