import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A part of a page that could not be loaded: the product-store message of docs/product.md section 8
 * ('failed to load products', …) and a Retry button, in place of an empty page.
 */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  className = '',
  children,
}: {
  message: string;
  /** More to say or offer, under the message. */
  children?: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`flex flex-col items-center gap-3 rounded-2xl border border-wine-200 bg-wine-50 px-6 py-8 text-center ${className}`}
    >
      <p className="font-semibold text-wine-900 first-letter:uppercase">{message}</p>
      {children ?? <p className="text-sm text-ink-soft">Check your connection, then try again.</p>}
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
