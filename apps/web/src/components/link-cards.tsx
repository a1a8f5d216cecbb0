import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';

export type LinkCard = {
  to: NonNullable<LinkProps['to']>;
  title: string;
  description: string;
};

/** A small grid of onward links, used where a page points to the next useful places. */
export function LinkCards({ links, heading = 'Where to next' }: { links: LinkCard[]; heading?: string }) {
  return (
    <section aria-label={heading}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={`${link.to}-${link.title}`}>
            <Link
              to={link.to}
              className="group flex h-full flex-col rounded-2xl border border-cream-200 bg-white p-5 shadow-sm transition hover:border-wine-300 hover:shadow-md"
            >
              <span className="flex items-center justify-between gap-3 font-serif text-lg text-wine-900">
                {link.title}
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 text-wine-700 transition group-hover:translate-x-0.5"
                />
              </span>
              <span className="mt-1 text-sm text-ink-soft">{link.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
