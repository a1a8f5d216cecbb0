import { z } from 'zod';

/**
 * Places on the map (issue 38): the phone's position at a handover, and (with a plus code) the
 * customer's pin. One link rule for every "open in a maps app" on the shop's screens.
 */

export const locationMessages = {
  latitude: 'must be a latitude between -90 and 90',
  longitude: 'must be a longitude between -180 and 180',
  accuracy: 'must be the position’s accuracy in metres',
} as const;

export const positionSchema = z.object({
  latitude: z
    .number({ error: locationMessages.latitude })
    .min(-90, { error: locationMessages.latitude })
    .max(90, { error: locationMessages.latitude }),
  longitude: z
    .number({ error: locationMessages.longitude })
    .min(-180, { error: locationMessages.longitude })
    .max(180, { error: locationMessages.longitude }),
  accuracy_m: z
    .number({ error: locationMessages.accuracy })
    .min(0, { error: locationMessages.accuracy })
    .max(100_000, { error: locationMessages.accuracy })
    .transform((value) => Math.round(value))
    .nullish()
    .transform((value) => value ?? null)
    .describe('The phone’s own estimate of its accuracy, in metres'),
});
export type Position = z.output<typeof positionSchema>;

/** A position as the API answers it (stored, rounded). */
export const storedPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy_m: z.number().int().nullable().describe('The phone’s own estimate of its accuracy, in metres'),
});

/**
 * A link that opens the place in the phone's maps app (Google's documented Maps URL: the app on
 * Android and iOS, the web map elsewhere), for coordinates or a plus code.
 */
export const mapLinkOf = (place: { latitude: number; longitude: number } | string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    typeof place === 'string' ? place : `${place.latitude.toFixed(6)},${place.longitude.toFixed(6)}`,
  )}`;
