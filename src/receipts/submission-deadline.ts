import type HolidaysClass from 'date-holidays';
import { addDays, londonDate } from '../platform/clock.ts';
import { onFirstUse } from '../platform/first-use.ts';

// Bank holidays in England and Wales (the same days in both; date-holidays keeps the substitute days
// and the one-off ones, such as a state funeral, that a fixed rule would miss). Loaded when a deadline
// is first worked out: the package and its time-zone data take about 0.2 s to load, which every start
// of the server and of each `wcs` command would otherwise pay.
const dateHolidays = onFirstUse<typeof HolidaysClass>('date-holidays');
let bankHolidays: HolidaysClass | undefined;
const holidaysByYear = new Map<number, Set<string>>();

function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let days = holidaysByYear.get(year);
  if (!days) {
    const Holidays = dateHolidays();
    bankHolidays ??= new Holidays('GB', 'ENG');
    days = new Set(
      bankHolidays
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days.has(date);
}

function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(date);
}

const londonHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  hour12: false,
});

/** The last millisecond of a London calendar date, as an instant. */
function endOfLondonDay(date: string): Date {
  // London's offset at noon on `date` is the offset in force at the midnight that ends it: the clocks
  // change at 01:00 UTC on a Sunday, never around midnight.
  const noon = new Date(`${date}T12:00:00Z`);
  const offsetHours = Number(londonHour.format(noon)) - 12;
  return new Date(Date.parse(`${addDays(date, 1)}T00:00:00Z`) - offsetHours * 3_600_000 - 1);
}

/**
 * When a receipt must be in DWT: by the end of the second working day after the day the waste was
 * received (the Digital Waste Tracking regulations 2026, reg 4(8); DEFRA Receipt API FAQ "Timing for
 * submission": waste received on Monday at 9:00 is due before midnight on Wednesday). Working days
 * exclude weekends and England and Wales bank holidays; days are London calendar days.
 */
export function submissionDueBy(receivedAt: Date): { dueBy: Date; dueDate: string } {
  const received = londonDate(receivedAt);
  let due = dueByReceivedDate.get(received);
  if (!due) {
    let date = received;
    let workingDays = 0;
    while (workingDays < 2) {
      date = addDays(date, 1);
      if (isWorkingDay(date)) workingDays++;
    }
    due = { dueBy: endOfLondonDay(date).getTime(), dueDate: date };
    if (dueByReceivedDate.size >= 1_000) dueByReceivedDate.clear();
    dueByReceivedDate.set(received, due);
  }
  return { dueBy: new Date(due.dueBy), dueDate: due.dueDate };
}

/** The deadline depends only on the London date of receipt, and most receipts are of the last few days. */
const dueByReceivedDate = new Map<string, { dueBy: number; dueDate: string }>();

/** The first instant of a London calendar date (`days` later when given), for date filters. */
export function londonDayStart(date: string, days = 0): Date {
  return new Date(endOfLondonDay(addDays(date, days - 1)).getTime() + 1);
}
