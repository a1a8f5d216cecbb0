import { RotateCw } from 'lucide-react';

/** A part of an orders page that could not be loaded, with Retry. */
export function LoadProblem({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-wine-200 bg-wine-50 px-6 py-8 text-center"
    >
      <p className="font-semibold text-wine-900">{message}</p>
      <p className="text-sm text-ink-soft">Check your connection, then try again.</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="inline-flex items-center gap-2 rounded-full bg-wine-800 px-5 py-2.5 text-sm font-semibold text-cream-50 transition hover:bg-wine-900 disabled:opacity-60"
      >
        <RotateCw
          aria-hidden="true"
          className={`size-4 ${retrying ? 'animate-spin motion-reduce:animate-none' : ''}`}
        />
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
