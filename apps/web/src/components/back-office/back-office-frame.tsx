import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { BackOfficeSection, BackOfficeWork } from '@shop/contract/back-office';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronDown, Menu } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useBackOffice } from '../../lib/session/use-back-office';
import { BackOfficeSearch } from './back-office-search';
import { BACK_OFFICE_LINKS, type BackOfficeLink, sectionAt } from './sections';
import { useBackOfficeWork } from './use-back-office-work';

/** Which count a section shows, and what it counts (for screen readers). */
const COUNTS: Partial<Record<BackOfficeSection, { of: keyof BackOfficeWork; what: string }>> = {
  orders: { of: 'orders_to_pack', what: 'to pack' },
  refunds: { of: 'refunds_due', what: 'due' },
  outbox: { of: 'outbox_unsent', what: 'unsent' },
};

function countOf(section: BackOfficeSection, work: BackOfficeWork | undefined) {
  const count = COUNTS[section];
  const value = count && work ? work[count.of] : null;
  return count && value ? { value, what: count.what } : null;
}

function LinkLabel({ link, work }: { link: BackOfficeLink; work: BackOfficeWork | undefined }) {
  const count = countOf(link.section, work);
  return (
    <>
      <span className="min-w-0 flex-1 truncate">{link.title}</span>
      {count ? (
        <span
          data-testid={`count-${link.section}`}
          className="ml-2 rounded-full bg-gold-500 px-2 text-xs leading-5 font-bold text-wine-950"
        >
          {count.value > 99 ? '99+' : count.value}
          <span className="sr-only">{` ${count.what}`}</span>
        </span>
      ) : null}
    </>
  );
}

const linkClass =
  'flex items-center rounded-lg px-3 py-2 text-sm font-medium text-wine-900 hover:bg-cream-100 ' +
  'aria-[current=page]:bg-wine-800 aria-[current=page]:text-cream-50';

/**
 * The back office's frame, around every /admin page: its sections (those the signed-in person
 * may use, @shop/contract/back-office) as a side menu on a desk and a menu button on a phone,
 * the current one marked, with the work waiting counted beside orders, refunds and the outbox.
 * Customers and visitors get the page alone (it refuses them itself).
 */
export function BackOfficeFrame({ children }: { children: ReactNode }) {
  const { mayUse } = useBackOffice();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const links = BACK_OFFICE_LINKS.filter((link) => mayUse(link.section));
  const work = useBackOfficeWork(links.length > 0);
  // Opened from the keyboard, the menu puts focus on its first section. Radix does it on a
  // bubbling focus event, which preact/compat (the storefront's build) does not give it.
  const openedByKeyboard = useRef(false);
  if (links.length === 0) return children;
  const current = sectionAt(pathname);
  const currentLink = links.find((link) => link.section === current);
  const ariaCurrent = (link: BackOfficeLink) => (link.section === current ? ('page' as const) : undefined);

  return (
    <div className="mx-auto w-full max-w-7xl lg:flex lg:gap-2 lg:px-4">
      <nav aria-label="Back office" className="hidden w-60 shrink-0 py-10 lg:block">
        <p className="mb-2 px-3 text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">
          Back office
        </p>
        <ul className="space-y-0.5">
          {links.map((link) => (
            <li key={link.section}>
              <Link
                to={link.to}
                activeOptions={{ exact: true }}
                aria-current={ariaCurrent(link)}
                className={linkClass}
              >
                <LinkLabel link={link} work={work} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-3 px-4 pt-4 sm:px-6 lg:px-8 lg:pt-8">
          <div className="lg:hidden">
            <DropdownMenu.Root>
              <DropdownMenu.Trigger
                onKeyDown={(event) => {
                  openedByKeyboard.current = ['Enter', ' ', 'ArrowDown'].includes(event.key);
                }}
                onPointerDown={() => {
                  openedByKeyboard.current = false;
                }}
                className="inline-flex max-w-full items-center gap-2 rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800"
              >
                <Menu aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">
                  Back office
                  {currentLink ? <span className="font-normal">{`: ${currentLink.title}`}</span> : null}
                </span>
                <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="start"
                  sideOffset={6}
                  onFocus={(event) => {
                    if (event.target !== event.currentTarget || !openedByKeyboard.current) return;
                    event.currentTarget
                      .querySelector<HTMLElement>('[role="menuitem"]')
                      ?.focus({ preventScroll: true });
                  }}
                  className="z-50 max-h-[70dvh] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-cream-200 bg-white p-1 shadow-lg"
                >
                  {links.map((link) => (
                    <DropdownMenu.Item key={link.section} asChild>
                      <Link
                        to={link.to}
                        activeOptions={{ exact: true }}
                        aria-current={ariaCurrent(link)}
                        className={`${linkClass} outline-none data-[highlighted]:bg-cream-100 data-[highlighted]:text-wine-900`}
                      >
                        <LinkLabel link={link} work={work} />
                      </Link>
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </div>
          {/* A new page closes the last search's results. */}
          <BackOfficeSearch key={pathname} />
        </div>
        {children}
      </div>
    </div>
  );
}
