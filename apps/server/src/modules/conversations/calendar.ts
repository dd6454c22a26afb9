import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * Time in a zone, and the interview's invitation as an iCalendar object (RFC 5545) written by ical-generator, with the
 * zone's VTIMEZONE from @touch4it/ical-timezones (decision record 42).
 */

const PARTS = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = PARTS.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    PARTS.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `instant` in `zone`, as numbers. */
function wallOf(instant: Date, zone: string) {
  const parts = formatterOf(zone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `instant` as the local time 'YYYY-MM-DDTHH:mm:00' in `zone` (no offset). */
export function localTimeIn(instant: Date, zone: string): string {
  const w = wallOf(instant, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:00`;
}

/**
 * The instant at which the wall clock in `zone` shows `local` ('YYYY-MM-DDTHH:mm'); undefined when that time does
 * not exist there (a day that is not in the calendar, or the hour skipped when clocks go forward).
 */
export function instantOf(local: string, zone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (instant: number) => {
    const w = wallOf(new Date(instant), zone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - instant;
  };
  // Two rounds settle the offset on either side of a change of offset.
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  const result = new Date(guess);
  return localTimeIn(result, zone) === `${local}:00` ? result : undefined;
}

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface InvitationContent {
  method: 'REQUEST' | 'CANCEL';
  /** The language of its words (summary, description); English when absent. */
  language?: string;
  /** Stable per interview: every update and the cancellation name the same event. */
  uid: string;
  sequence: number;
  start: Date;
  timeZone: string;
  lengthMinutes: number;
  summary: string;
  location: string;
  description: string;
  url: string;
  organizer: CalendarPerson;
  attendee: CalendarPerson;
}

/** The .ics text of one interview's invitation (METHOD:REQUEST) or cancellation (METHOD:CANCEL). */
export function invitationIcs(content: InvitationContent): string {
  const calendar = ical({
    prodId: { company: 'Jobboard', product: 'Interviews', language: (content.language ?? 'en').toUpperCase() },
    method: content.method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
    timezone: { name: content.timeZone, generator: getVtimezoneComponent },
  });
  const end = new Date(content.start.getTime() + content.lengthMinutes * 60_000);
  calendar.createEvent({
    id: content.uid,
    sequence: content.sequence,
    // Local times, written with TZID=timeZone: ical-generator reads a string without an offset as wall-clock time.
    start: localTimeIn(content.start, content.timeZone),
    end: localTimeIn(end, content.timeZone),
    timezone: content.timeZone,
    summary: content.summary,
    location: content.location,
    description: content.description,
    url: content.url,
    status: content.method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: content.organizer.name, email: content.organizer.email },
    attendees: [
      {
        name: content.attendee.name,
        email: content.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: content.method === 'REQUEST',
      },
    ],
  });
  // With a calendar time zone, ical-generator writes DTSTAMP as local time; RFC 5545 wants it in UTC.
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return calendar.toString().replace(/^DTSTAMP:.*$/m, `DTSTAMP:${stamp}`);
}
