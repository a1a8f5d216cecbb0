/** Shown while a page's code or data is on its way, when that takes more than a moment. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <span className="size-8 animate-spin motion-reduce:animate-none rounded-full border-2 border-wine-200 border-t-wine-700" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
