import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { type ConnectionMonitor, connectionMonitor } from './connection-monitor';

export const connectionLostMessage = "We can't reach the shop right now. Retrying…";

/**
 * A quiet strip at the top of the page while the API cannot be reached. The live region stays in
 * the page (empty) so that screen readers announce the message when it appears.
 */
export function ConnectionBanner({ monitor = connectionMonitor }: { monitor?: ConnectionMonitor }) {
  const state = useSyncExternalStore(monitor.subscribe, monitor.getState);
  const unreachable = state === 'unreachable';
  return (
    <div
      role="status"
      data-testid="connection-banner"
      className={unreachable ? 'bg-wine-950 px-4 py-2 text-center text-sm text-cream-100' : undefined}
    >
      {unreachable ? (
        <span className="inline-flex items-center gap-2">
          <WifiOff aria-hidden="true" className="size-4 text-gold-300" />
          {connectionLostMessage}
        </span>
      ) : null}
    </div>
  );
}
