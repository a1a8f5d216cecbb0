import { BRAND } from '@shop/contract/brand';

/**
 * An iCalendar file (RFC 5545) for one RSVP, so the customer can add the evening to their
 * calendar. Times are written in UTC (`…Z`): every calendar shows them in its own zone, which
 * for Kampala customers is Kampala time.
 */

export type CalendarEntry = {
  uid: string;
  title: string;
  description: string;
  location: string;
  url: string;
  startsAt: Date;
  endsAt: Date;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  /** Increases with each change, so calendars replace the old entry. */
  sequence: number;
  /** TENTATIVE while the seats are not confirmed (waitlist, awaiting payment). */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
};

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** 20260314T153000Z */
export function icsTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(entry: CalendarEntry): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(BRAND.name)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${icsTime(entry.stamp)}`,
    `DTSTART:${icsTime(entry.startsAt)}`,
    `DTEND:${icsTime(entry.endsAt)}`,
    `SEQUENCE:${entry.sequence}`,
    `SUMMARY:${escapeIcsText(entry.title)}`,
    `DESCRIPTION:${escapeIcsText(entry.description)}`,
    `LOCATION:${escapeIcsText(entry.location)}`,
    `URL:${entry.url}`,
    `ORGANIZER;CN="${BRAND.name.replace(/"/g, "'")}":mailto:${BRAND.email}`,
    `STATUS:${entry.status}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeIcsText(entry.title)}`,
    'TRIGGER:-PT2H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
