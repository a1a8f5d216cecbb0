import * as olcModule from 'open-location-code-typescript';
import { z } from 'zod';

type Olc = typeof olcModule.default;
// A CommonJS module: bundlers hand over its `default` export, Node's ESM loader the whole `exports`.
const olcDefault = olcModule.default as Olc | { default: Olc };
const OpenLocationCode: Olc = 'encode' in olcDefault ? olcDefault : olcDefault.default;

/**
 * Places on the map (issue 38): the phone's position at a handover, and (with a plus code) the
 * customer's pin. One link rule for every "open in a maps app" on the shop's screens.
 */

export const locationMessages = {
  latitude: 'must be a latitude between -90 and 90',
  longitude: 'must be a longitude between -180 and 180',
  accuracy: 'must be the position’s accuracy in metres',
  plusCode: 'must be a full plus code, like 6GGJ8JQ2+5V (from Google Maps, or “Use my location”)',
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

/** A plus code precise to about 14 × 14 m: a house or a gate. */
const PLUS_CODE_LENGTH = 10;

/** The plus code (Open Location Code) of a position: what "Use my location" fills in. */
export const plusCodeOf = (position: { latitude: number; longitude: number }): string =>
  OpenLocationCode.encode(position.latitude, position.longitude, PLUS_CODE_LENGTH);

/**
 * A customer's pin as a plus code: spaces dropped, upper case, and a full code (a short one such
 * as "8JQ2+5V Kampala" needs a town the shop would have to guess).
 */
export const plusCodeSchema = z
  .string({ error: locationMessages.plusCode })
  .trim()
  .max(20, { error: locationMessages.plusCode })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => value === '' || (OpenLocationCode.isValid(value) && OpenLocationCode.isFull(value)), {
    error: locationMessages.plusCode,
  });

/** The centre of a plus code's area. */
export function positionOfPlusCode(code: string): { latitude: number; longitude: number } {
  const area = OpenLocationCode.decode(code);
  return { latitude: area.latitudeCenter, longitude: area.longitudeCenter };
}
