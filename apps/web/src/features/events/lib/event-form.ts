import {
  type CreateEventRequest,
  createEventRequestSchema,
  EVENT_TYPES,
  type EventType,
  type FeaturedWine,
  type StaffEvent,
  toKampalaLocalInput,
} from '@shop/contract/events';

/**
 * The staff's event form: every value as typed (times as Kampala wall-clock `YYYY-MM-DDTHH:mm`,
 * numbers as text), turned into the API's body and checked with the contract's own schema.
 */
export type EventFormValues = {
  title: string;
  slug: string;
  type: EventType;
  summary: string;
  description: string;
  starts_at: string;
  ends_at: string;
  venue_name: string;
  venue_address: string;
  map_url: string;
  image: string;
  capacity: string;
  reserved_seats: string;
  price: string;
  minimum_age: string;
  food_pairing: string;
  dress_code: string;
};

export const EVENT_FORM_FIELDS = [
  'title',
  'slug',
  'type',
  'summary',
  'description',
  'starts_at',
  'ends_at',
  'venue_name',
  'venue_address',
  'map_url',
  'image',
  'capacity',
  'reserved_seats',
  'price',
  'minimum_age',
  'food_pairing',
  'dress_code',
] as const satisfies readonly (keyof EventFormValues)[];

export { EVENT_TYPES };

export const emptyEventForm: EventFormValues = {
  title: '',
  slug: '',
  type: 'tasting',
  summary: '',
  description: '',
  starts_at: '',
  ends_at: '',
  venue_name: 'Kampala Cellars tasting room',
  venue_address: 'Plot 14, Acacia Avenue, Kololo, Kampala',
  map_url: '',
  image: '',
  capacity: '20',
  reserved_seats: '0',
  price: '0',
  minimum_age: '21',
  food_pairing: '',
  dress_code: '',
};

export function eventFormValues(event: StaffEvent): EventFormValues {
  return {
    title: event.title,
    slug: event.slug,
    type: event.type,
    summary: event.summary,
    description: event.description,
    starts_at: toKampalaLocalInput(event.starts_at),
    ends_at: toKampalaLocalInput(event.ends_at),
    venue_name: event.venue_name,
    venue_address: event.venue_address,
    map_url: event.map_url ?? '',
    image: event.image ?? '',
    capacity: String(event.capacity),
    reserved_seats: String(event.reserved_seats),
    price: String(event.price),
    minimum_age: String(event.minimum_age),
    food_pairing: event.food_pairing ?? '',
    dress_code: event.dress_code ?? '',
  };
}

/** Digits as a number; anything else as NaN, which the schema names as not a whole number. */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export function eventRequestOf(values: EventFormValues, wines: FeaturedWine[]): CreateEventRequest {
  return {
    title: values.title,
    slug: values.slug.trim() || null,
    type: values.type,
    summary: values.summary,
    description: values.description,
    featured_wines: wines.map((wine) => wine.id),
    food_pairing: values.food_pairing,
    dress_code: values.dress_code,
    starts_at: values.starts_at,
    ends_at: values.ends_at,
    venue_name: values.venue_name,
    venue_address: values.venue_address,
    map_url: values.map_url,
    image: values.image,
    capacity: whole(values.capacity),
    reserved_seats: whole(values.reserved_seats),
    price: whole(values.price),
    minimum_age: whole(values.minimum_age),
  };
}

/** The contract's reasons, per field of the form (empty when the body is fine). */
export function eventFormProblems(body: CreateEventRequest): Array<{ field: string; message: string }> {
  const result = createEventRequestSchema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
}
