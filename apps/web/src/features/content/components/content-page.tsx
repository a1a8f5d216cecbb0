import type { ReactNode } from 'react';

type ContentPageProps = {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  /** e.g. "Last updated 1 March 2025" for policies. */
  note?: string;
  children: ReactNode;
};

/** The frame of the shop's information pages: one <h1>, an introduction, then readable long-form text. */
export function ContentPage({ eyebrow, title, lead, note, children }: ContentPageProps) {
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="max-w-3xl border-b border-cream-200 pb-8">
        {eyebrow ? (
          <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="text-4xl sm:text-5xl">{title}</h1>
        <div className="mt-4 text-lg text-ink-soft">{lead}</div>
        {note ? <p className="mt-3 text-sm text-ink-soft">{note}</p> : null}
      </div>
      <div className="prose-cellar mt-8">{children}</div>
    </article>
  );
}
