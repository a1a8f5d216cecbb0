import type { ReactNode } from 'react';

type PageShellProps = {
  title: ReactNode;
  /** One or two sentences under the title. */
  lead?: ReactNode;
  /** A small line above the title. */
  eyebrow?: ReactNode;
  children?: ReactNode;
};

/** The frame of an ordinary page: its single <h1>, an introduction and the content. */
export function PageShell({ title, lead, eyebrow, children }: PageShellProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="max-w-3xl">
        {eyebrow ? (
          <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="text-4xl sm:text-5xl">{title}</h1>
        {lead ? <p className="mt-4 text-lg text-ink-soft">{lead}</p> : null}
      </div>
      {children ? <div className="mt-10">{children}</div> : null}
    </div>
  );
}
