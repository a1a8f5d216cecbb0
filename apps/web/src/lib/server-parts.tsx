import { createContext, type ReactNode, useContext } from 'react';

/*
 * A page rendered on the server in two parts (entry-server.tsx, decision 0028): the frame every page
 * of a route shares (header, footer, age dialog, toasts), rendered once per settings and kept, and
 * the page's own part, rendered for each request and put in the frame's slot. The two put together
 * are the text a render of the whole page gives, ids included, so the browser hydrates the same.
 */

/**
 * Preact numbers `useId`'s ids with a counter on the render's root element (its `__m`, [0, n]):
 * the frame's ids after the slot (footer, age dialog) come after the page's own, so a frame is
 * rendered for the number of ids its page takes.
 */
export type IdCounter = [number, number];

export type ServerPart =
  /** The frame, with the slot's place in its ids: `idsBefore` is read there, `idsInPage` skipped. */
  | { kind: 'frame'; ids: IdCounter; idsInPage: number; idsBefore?: number }
  /** Only the page's own part (the root route's outlet). */
  | { kind: 'page' };

const ServerPartContext = createContext<ServerPart | undefined>(undefined);

export const ServerPartProvider = ServerPartContext.Provider;

/** The part being rendered on the server, or undefined for a whole page (and in the browser). */
export function useServerPart(): ServerPart | undefined {
  return useContext(ServerPartContext);
}

/** What stands for the page in a rendered frame: text that rendering neither escapes nor changes. */
export const PAGE_SLOT = 'shop-page-slot-2f8c41d7';

/** The page (`children`), or in a frame the slot where it goes, taking the ids the page takes. */
export function PageSlot({ children }: { children: ReactNode }) {
  const part = useServerPart();
  if (part?.kind !== 'frame') return <>{children}</>;
  part.idsBefore = part.ids[1];
  part.ids[1] += part.idsInPage;
  return <>{PAGE_SLOT}</>;
}
