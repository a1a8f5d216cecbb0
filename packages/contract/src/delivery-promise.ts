import type { PREFERRED_DELIVERY_TIMES } from './delivery';

/**
 * The expected delivery time promised to a customer: one rule for the API's writes and reads.
 * Riders go out every day from 10:00 to 21:00 Kampala time (the shipping page); an order's lead
 * time (the zone's minutes) runs only while the shop works; the promise then falls inside the
 * window the customer chose at checkout. Kampala has no daylight saving, so its wall clock is
 * UTC + 3 hours all year.
 */

export type PreferredDeliveryTime = (typeof PREFERRED_DELIVERY_TIMES)[number];

/** Delivery hours, Kampala time, every day. */
export const DELIVERY_HOURS = { opens: 10, closes: 21 } as const;

/** The hours of each preferred window (docs: the labels of `preferredDeliveryTimeLabels`). */
export const PREFERRED_DELIVERY_WINDOWS: Record<PreferredDeliveryTime, { from: number; to: number }> = {
  asap: { from: DELIVERY_HOURS.opens, to: DELIVERY_HOURS.closes },
  morning: { from: 9, to: 12 },
  afternoon: { from: 12, to: 17 },
  evening: { from: 17, to: 20 },
};

/** A late order is promised again this long from now (inside the window), not left in the past. */
export const LATE_DELIVERY_GRACE_MINUTES = 30;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const KAMPALA_OFFSET_MS = 3 * HOUR_MS;

/** Midnight in Kampala of the day holding `ms`, as UTC milliseconds. */
function kampalaMidnight(ms: number): number {
  return Math.floor((ms + KAMPALA_OFFSET_MS) / DAY_MS) * DAY_MS - KAMPALA_OFFSET_MS;
}

/** The instant at `hour`:00 Kampala time on the day starting at `midnight`. */
const at = (midnight: number, hour: number) => midnight + hour * HOUR_MS;

/**
 * The shop's delivery hours and windows (its `delivery_hours` and `delivery_windows` settings);
 * the constants above when not given.
 */
export type DeliverySchedule = {
  hours: { from: number; to: number };
  windows: Record<Exclude<PreferredDeliveryTime, 'asap'>, { from: number; to: number }>;
};

const DEFAULT_SCHEDULE: DeliverySchedule = {
  hours: { from: DELIVERY_HOURS.opens, to: DELIVERY_HOURS.closes },
  windows: {
    morning: PREFERRED_DELIVERY_WINDOWS.morning,
    afternoon: PREFERRED_DELIVERY_WINDOWS.afternoon,
    evening: PREFERRED_DELIVERY_WINDOWS.evening,
  },
};

/** When the order is ready at the door at the earliest: the lead time counted in delivery hours. */
function earliestArrival(
  from: number,
  leadMinutes: number,
  hours: { opens: number; closes: number },
): number {
  let midnight = kampalaMidnight(from);
  let start = Math.max(from, at(midnight, hours.opens));
  if (start >= at(midnight, hours.closes)) {
    midnight += DAY_MS;
    start = at(midnight, hours.opens);
  }
  const arrival = start + leadMinutes * MINUTE_MS;
  // Too late for today: the next morning's first round, lead time counted again from opening.
  if (arrival > at(midnight, hours.closes) && start > at(midnight, hours.opens)) {
    return at(midnight + DAY_MS, hours.opens) + leadMinutes * MINUTE_MS;
  }
  return arrival;
}

/**
 * The expected delivery time of an order whose lead time starts at `from` (confirmation, or
 * dispatch): the earliest arrival, moved into the customer's window on a delivery day and hour.
 */
export function expectedDeliveryTime(options: {
  from: Date;
  leadMinutes: number;
  preferredTime: PreferredDeliveryTime | null | undefined;
  /** The shop's delivery hours and windows (settings); the defaults when not given. */
  schedule?: DeliverySchedule;
  /** Not before this instant (a gift's chosen day): the lead time counts from it when later. */
  notBefore?: Date | null;
}): Date {
  const start = Math.max(options.from.getTime(), options.notBefore?.getTime() ?? 0);
  const schedule = options.schedule ?? DEFAULT_SCHEDULE;
  const hours = { opens: schedule.hours.from, closes: schedule.hours.to };
  const preferred = options.preferredTime ?? 'asap';
  const window = preferred === 'asap' ? schedule.hours : schedule.windows[preferred];
  const opens = Math.max(window.from, hours.opens);
  const closes = Math.min(window.to, hours.closes);
  const arrival = earliestArrival(start, Math.max(0, options.leadMinutes), hours);
  let midnight = kampalaMidnight(arrival);
  if (arrival <= at(midnight, opens)) return new Date(at(midnight, opens));
  if (arrival <= at(midnight, closes)) return new Date(arrival);
  midnight += DAY_MS;
  return new Date(at(midnight, opens));
}

/**
 * The promise to show now: the stored one while it is ahead, else (the order is late and not yet
 * delivered) a new one a short while from now, still inside the customer's window.
 */
/** Statuses after which an order or delivery is not on its way any more. */
const FINISHED_STATUSES: ReadonlySet<string> = new Set(['delivered', 'cancelled', 'refunded']);

export function currentDeliveryPromise(options: {
  promised: Date | null;
  now: Date;
  /** The order's or the delivery's status: a delivered or cancelled one keeps its promise. */
  status: string;
  preferredTime: PreferredDeliveryTime | null | undefined;
  schedule?: DeliverySchedule;
}): Date | null {
  const { promised, now } = options;
  if (!promised || FINISHED_STATUSES.has(options.status) || promised.getTime() > now.getTime())
    return promised;
  return expectedDeliveryTime({
    from: now,
    leadMinutes: LATE_DELIVERY_GRACE_MINUTES,
    preferredTime: options.preferredTime,
    ...(options.schedule ? { schedule: options.schedule } : {}),
  });
}
