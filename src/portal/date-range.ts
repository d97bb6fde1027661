import type { FieldErrors } from './forms.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  return DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/**
 * A date range typed into a form, either end open: the problems, keyed by the ids of the two fields,
 * worded for the dates the range is of ("transfer date", "created").
 */
export function dateRangeProblems(
  range: { from?: string; to?: string },
  fields: { from: string; to: string },
): FieldErrors {
  const errors: FieldErrors = {};
  const { from, to } = range;
  if (from && !isCalendarDate(from))
    errors[fields.from] = 'Enter the start date as a real date, like 2026-04-01';
  if (to && !isCalendarDate(to)) errors[fields.to] = 'Enter the end date as a real date, like 2026-04-30';
  if (!errors[fields.from] && !errors[fields.to] && from && to && from > to) {
    errors[fields.to] = 'The end date must be the same as or after the start date';
  }
  return errors;
}
