import { MAX_GUESTS_PER_RSVP, type Rsvp } from '@shop/contract/events';
import { z } from 'zod';

/**
 * The RSVP form: the number of guests (yourself included), a name for each guest besides
 * yourself (optional), dietary needs and a note. The same limits as the API.
 */
export const RSVP_FIELDS = ['guests', 'guest_names', 'dietary_needs', 'note'] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use at most ${max} characters` });

export const rsvpFormSchema = z.object({
  guests: z.coerce
    .number({ error: 'Choose how many guests' })
    .int()
    .min(1, { error: 'Bring at least 1 guest (yourself)' })
    .max(MAX_GUESTS_PER_RSVP, { error: `At most ${MAX_GUESTS_PER_RSVP} guests per RSVP` }),
  guest_names: z.array(text(100)).max(MAX_GUESTS_PER_RSVP - 1),
  dietary_needs: text(500),
  note: text(500),
});

export type RsvpFormInput = z.input<typeof rsvpFormSchema>;
export type RsvpFormValues = z.output<typeof rsvpFormSchema>;

export const emptyRsvpForm: RsvpFormInput = {
  guests: 1,
  guest_names: Array.from({ length: MAX_GUESTS_PER_RSVP - 1 }, () => ''),
  dietary_needs: '',
  note: '',
};

/** The form's values for an existing RSVP (to change it). */
export function rsvpFormValues(rsvp: Rsvp): RsvpFormInput {
  return {
    guests: rsvp.guests,
    guest_names: Array.from({ length: MAX_GUESTS_PER_RSVP - 1 }, (_, index) => rsvp.guest_names[index] ?? ''),
    dietary_needs: rsvp.dietary_needs ?? '',
    note: rsvp.note ?? '',
  };
}

/** The names filled in for the guests besides yourself: the first `guests − 1` boxes, blanks left out. */
export function guestNamesOf(values: RsvpFormValues): string[] {
  return values.guest_names
    .slice(0, Math.max(0, values.guests - 1))
    .map((name) => name.trim())
    .filter(Boolean);
}
