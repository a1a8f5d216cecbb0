import type { HTMLAttributes, ReactNode } from 'react';

/**
 * One term and its detail in a `<dl>`, with an icon before them. The group is the list's own
 * `<div>` with the `<dt>` and `<dd>` as its only children (the structure screen readers read as
 * "term, detail"); the icon sits inside the term, placed in the group's left padding.
 */
export function IconFact({
  icon,
  term,
  children,
  className = '',
  termClassName,
  detailClassName,
  detailTestId,
  ...group
}: {
  /** The icon, sized and coloured, `aria-hidden`. */
  icon: ReactNode;
  term: ReactNode;
  children: ReactNode;
  /** The group's classes: its left padding makes room for the icon. */
  className?: string;
  termClassName?: string;
  detailClassName?: string;
  detailTestId?: string;
} & Omit<HTMLAttributes<HTMLDivElement>, 'children'>) {
  return (
    <div {...group} className={`relative ${className}`}>
      <dt className={termClassName}>
        <span className="absolute top-0.5 left-0 flex">{icon}</span>
        {term}
      </dt>
      <dd className={detailClassName} data-testid={detailTestId}>
        {children}
      </dd>
    </div>
  );
}
