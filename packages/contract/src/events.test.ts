import { describe, expect, it } from 'vitest';
import {
  createRsvpRequestSchema,
  formatEventWhen,
  formatTicketCode,
  normaliseTicketCode,
  parseEventTime,
  toKampalaLocalInput,
  updateEventRequestSchema,
} from './events';

describe('event times (Kampala, UTC+3)', () => {
  it('reads Kampala wall-clock times and ISO times with an offset', () => {
    expect(parseEventTime('2026-03-14T18:30')).toBe('2026-03-14T15:30:00.000Z');
    expect(parseEventTime('2026-03-14T18:30:15')).toBe('2026-03-14T15:30:15.000Z');
    expect(parseEventTime('2026-03-14T15:30:00Z')).toBe('2026-03-14T15:30:00.000Z');
    expect(parseEventTime('2026-03-14T18:30:00+03:00')).toBe('2026-03-14T15:30:00.000Z');
    for (const bad of ['2026-02-30T18:30', '2026-03-14T25:00', '14/03/2026 18:30', '2026-03-14', 'soon']) {
      expect(parseEventTime(bad), bad).toBeNull();
    }
    expect(toKampalaLocalInput('2026-03-14T15:30:00.000Z')).toBe('2026-03-14T18:30');
  });

  it('formats a time span in Kampala', () => {
    expect(formatEventWhen('2026-03-14T15:30:00Z', '2026-03-14T18:00:00Z')).toBe(
      'Saturday 14 March 2026, 18:30–21:00 (Kampala time)',
    );
    expect(formatEventWhen('2026-03-14T20:00:00Z', '2026-03-15T02:00:00Z')).toBe(
      'Saturday 14 March 2026, 23:00–Sunday 15 March 2026, 05:00 (Kampala time)',
    );
  });
});

describe('ticket codes', () => {
  it('reads what people type or scanners read, and refuses the rest', () => {
    expect(normaliseTicketCode('7kq2m-9xd4t')).toBe('7KQ2M9XD4T');
    expect(normaliseTicketCode(' 7KQ2M 9XD4T ')).toBe('7KQ2M9XD4T');
    // O, I and L are read as 0, 1 and 1.
    expect(normaliseTicketCode('OIL2M-9XD4T')).toBe('0112M9XD4T');
    expect(normaliseTicketCode('7KQ2M-9XD4')).toBeNull();
    expect(normaliseTicketCode('7KQ2M-9XD4U')).toBeNull();
    expect(normaliseTicketCode('')).toBeNull();
    expect(formatTicketCode('7KQ2M9XD4T')).toBe('7KQ2M-9XD4T');
  });
});

describe('request schemas', () => {
  it('defaults an RSVP to one guest and checks the guest names against the guests', () => {
    expect(createRsvpRequestSchema.parse({ event: 3 })).toEqual({
      event: 3,
      guests: 1,
      guest_names: [],
      dietary_needs: null,
      note: null,
    });
    const tooMany = createRsvpRequestSchema.safeParse({ event: 3, guests: 2, guest_names: ['A', 'B'] });
    expect(tooMany.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['guest_names']);
    const zero = createRsvpRequestSchema.safeParse({ event: 3, guests: 0 });
    expect(zero.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['guests']);
  });

  it('keeps every field a change to an event does not send', () => {
    expect(updateEventRequestSchema.parse({ capacity: 12 })).toEqual({ capacity: 12 });
    expect(updateEventRequestSchema.parse({ dress_code: null })).toEqual({ dress_code: null });
  });
});
