import type { AlertSchedule } from '@patlas/contracts';

/** The wall-clock fields of an instant in a time zone. */
function zonedParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time in a zone stands for (a time skipped by a DST jump: the hour after). */
export function zonedTimeToUtc(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = asUtc - offsetAt(new Date(asUtc), timeZone);
  // Once more with the offset at the guess (the two differ only across a DST change).
  guess = asUtc - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The first time strictly after `after` the schedule falls on: weekly on its weekday (1 Monday …
 * 7 Sunday), monthly on its day (the month's last day when it is shorter), at its HH:mm in its
 * time zone.
 */
export function nextRunAfter(schedule: AlertSchedule, after: Date): Date {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const today = zonedParts(after, schedule.timeZone);
  // Walk the zone's calendar days from today; at most 62 days reach any monthly day.
  for (let offset = 0; offset <= 62; offset++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const year = day.getUTCFullYear();
    const month = day.getUTCMonth() + 1;
    const date = day.getUTCDate();
    const isoWeekday = ((day.getUTCDay() + 6) % 7) + 1;
    const matches =
      schedule.frequency === 'weekly'
        ? isoWeekday === (schedule.weekday ?? 1)
        : date === Math.min(schedule.monthDay ?? 1, daysInMonth(year, month));
    if (!matches) continue;
    const at = zonedTimeToUtc({ year, month, day: date, hour, minute }, schedule.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error(`no run within 62 days for ${JSON.stringify(schedule)}`);
}
