import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsTime } from './calendar';

describe('the .ics file', () => {
  it('escapes text, writes UTC times and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeIcsText('Wine, cheese; and\\ more\nnext')).toBe('Wine\\, cheese\\; and\\\\ more\\nnext');
    expect(icsTime(new Date('2026-03-14T15:30:00.000Z'))).toBe('20260314T153000Z');
    const folded = foldIcsLine(`DESCRIPTION:${'é'.repeat(100)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(
      `DESCRIPTION:${'é'.repeat(100)}`,
    );
  });

  it('builds a VEVENT with CRLF line ends, a reminder and the status', () => {
    const ics = buildIcs({
      uid: 'rsvp-1@shop.example',
      title: 'Left Bank',
      description: 'Ticket: 7KQ2M-9XD4T',
      location: 'Kampala Cellars, Kololo',
      url: 'https://shop.example/events/left-bank',
      startsAt: new Date('2026-03-14T15:30:00Z'),
      endsAt: new Date('2026-03-14T18:00:00Z'),
      stamp: new Date('2026-03-01T08:00:00Z'),
      sequence: 3,
      status: 'CANCELLED',
    });
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:rsvp-1@shop.example',
        'DTSTAMP:20260301T080000Z',
        'DTSTART:20260314T153000Z',
        'DTEND:20260314T180000Z',
        'SEQUENCE:3',
        'LOCATION:Kampala Cellars\\, Kololo',
        'STATUS:CANCELLED',
        'TRIGGER:-PT2H',
      ]),
    );
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
