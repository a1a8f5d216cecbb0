import { mapLinkOf, plusCodeOf, plusCodeSchema } from '@shop/contract/location';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { buttonClass } from './button';
import { FormField } from './form-field';

type PositionState = 'idle' | 'asking' | 'refused' | 'unavailable';

const positionMessages: Record<Exclude<PositionState, 'idle' | 'asking'>, string> = {
  refused: 'Your phone did not share its position. Type the plus code from Google Maps instead.',
  unavailable: 'Your phone could not find its position. Type the plus code from Google Maps instead.',
};

/**
 * The customer's pin (issue 38): a plus code typed from Google Maps, or filled in from the phone's
 * position when the customer asks ("Use my location"), with a link to check it on the map.
 */
export function PlusCodeField({
  registration,
  value,
  error,
  onLocate,
}: {
  registration: UseFormRegisterReturn;
  /** The field's current text, to offer the map link once it is a valid code. */
  value: string;
  error?: string | undefined;
  /** Fills the field with the plus code of the phone's position. */
  onLocate: (plusCode: string) => void;
}) {
  const [state, setState] = useState<PositionState>('idle');
  const parsed = plusCodeSchema.safeParse(value);
  const valid = parsed.success && parsed.data !== '' ? parsed.data : null;
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const locate = () => {
    setState('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState('idle');
        onLocate(plusCodeOf(position.coords));
      },
      (failure) => setState(failure.code === failure.PERMISSION_DENIED ? 'refused' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="space-y-2">
      <FormField
        label="Your pin: plus code (optional)"
        placeholder="e.g. 6GGJ8JQ2+5V"
        autoComplete="off"
        autoCapitalize="characters"
        spellcheck={false}
        registration={registration}
        error={error}
        hint="Where the rider should come. Only your rider sees it."
      />
      <div className="flex flex-wrap items-center gap-4">
        {canLocate ? (
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={locate}
            disabled={state === 'asking'}
          >
            {state === 'asking' ? 'Finding your position…' : 'Use my location'}
          </button>
        ) : null}
        {valid ? (
          <a
            href={mapLinkOf(valid)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-semibold text-wine-800 underline"
          >
            Check {valid} on the map
          </a>
        ) : null}
      </div>
      {state === 'refused' || state === 'unavailable' ? (
        <p role="status" className="text-sm text-ink-soft">
          {positionMessages[state]}
        </p>
      ) : null}
    </div>
  );
}
