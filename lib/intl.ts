// Cached Intl formatters. `date.toLocaleDateString(locale, options)` and its siblings build a new
// Intl.DateTimeFormat on every call (about 0.2 ms each on a laptop, four times that on a mid-range
// phone); a list of a month's records formats hundreds of dates and times per render, which was the
// largest part of the employee pages' main-thread time after React itself (docs/quality.md, "Lighthouse on
// the employee pages"). The same locale and options give the same formatter, so it is made once.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, f);
  }
  return f;
}

/**
 * dateTimeFormat of one constant `options` object in any time zone, for hot paths: the formatter is found by
 * the object's identity and the zone, without dateTimeFormat's JSON key (about 0.75 µs a call against 0.1 µs,
 * on a zone-parts read of lib/dates.ts that takes about 3.4 µs). `options` must be a module constant, never changed.
 */
const zonedFormats = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();
export function zonedDateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  let byZone = zonedFormats.get(options);
  if (!byZone) {
    byZone = new Map();
    zonedFormats.set(options, byZone);
  }
  const key = `${locale}|${timeZone}`;
  let f = byZone.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    byZone.set(key, f);
  }
  return f;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}
