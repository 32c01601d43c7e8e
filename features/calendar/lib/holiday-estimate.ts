// An estimate of a year's Indonesian public holidays, for "Tambah tahun berikutnya" on Kalender Libur.
// Islamic dates follow the government's isbat, so no computation is certain: every estimated date is
// stored as perkiraan until an admin confirms it against the year's SKB 3 Menteri (docs/calendar.md).
//   - fixed dates: Tahun Baru, Hari Buruh, Hari Lahir Pancasila, Kemerdekaan, Natal;
//   - Islamic dates from the Umm al-Qura calendar in the runtime's ICU (Isra Mikraj 27 Rajab,
//     Idul Fitri 1–2 Syawal, Idul Adha 10 Zulhijah, Tahun Baru Islam 1 Muharam, Maulid 12 Rabiulawal);
//     Indonesia's isbat is often a day later than Umm al-Qura (Idul Fitri 2026);
//   - Easter (Wafat, Paskah, Kenaikan) by the computus;
//   - Tahun Baru Imlek from the date-holidays package's Chinese calendar rule (astronomical new moons in
//     China's time; ICU's Chinese calendar puts 2027 on 7 February, a day late: the new moon falls minutes
//     before midnight in Beijing);
//   - Nyepi and Waisak from the date-holidays package's list of dates, which ends with 2027.
// Every libur nasional of the year is listed with its source; one no source can date is returned in
// `missing`, never dropped in silence: the admin adds it by hand. No cuti bersama: the government sets those each year.
import Holidays from 'date-holidays';
import { addDays } from '@/lib/dates';

export type EstimatedHoliday = { date: string; name: string };
export type HolidayEstimate = {
  holidays: EstimatedHoliday[];
  /** Libur nasional that could not be estimated for the year (no source has a date): to be added by hand. */
  missing: string[];
};

const DAY = 86_400_000;
const key = (t: number) => new Date(t).toISOString().slice(0, 10);

function lunarDates(year: number, calendar: string, wanted: Map<string, string>): EstimatedHoliday[] {
  const f = new Intl.DateTimeFormat(`en-u-ca-${calendar}`, { timeZone: 'UTC', month: 'numeric', day: 'numeric' });
  const out: EstimatedHoliday[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += DAY) {
    const parts = f.formatToParts(new Date(t));
    const month = parts.find((p) => p.type === 'month')?.value;
    const day = parts.find((p) => p.type === 'day')?.value;
    const name = wanted.get(`${month}/${day}`);
    if (name) out.push({ date: key(t), name });
  }
  return out;
}

/** Easter Sunday (Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function estimateHolidays(year: number): HolidayEstimate {
  const lib = new Holidays('ID', { languages: ['id'], types: ['public'] }).getHolidays(year);
  const fromLib = (match: (h: (typeof lib)[number]) => boolean, name: string) =>
    lib.filter(match).map((h) => ({ date: h.date.slice(0, 10), name }));
  const hijri = lunarDates(
    year,
    'islamic-umalqura',
    new Map([
      ['7/27', 'Isra Mikraj Nabi Muhammad SAW'],
      ['10/1', 'Idul Fitri'],
      ['10/2', 'Idul Fitri'],
      ['12/10', 'Idul Adha'],
      ['1/1', 'Tahun Baru Islam'],
      ['3/12', 'Maulid Nabi Muhammad SAW'],
    ]),
  );
  const islamic = (name: string) => hijri.filter((h) => h.name === name);
  const easter = easterSunday(year);
  // Every libur nasional a year has (Keppres and SKB 3 Menteri), each with the dates its source gives.
  const sources: { name: string; dates: EstimatedHoliday[] }[] = [
    { name: 'Tahun Baru Masehi', dates: [{ date: `${year}-01-01`, name: `Tahun Baru ${year} Masehi` }] },
    { name: 'Isra Mikraj Nabi Muhammad SAW', dates: islamic('Isra Mikraj Nabi Muhammad SAW') },
    { name: 'Tahun Baru Imlek', dates: fromLib((h) => /^chinese 01-0-01\b/.test(h.rule), 'Tahun Baru Imlek') },
    { name: 'Hari Suci Nyepi', dates: fromLib((h) => /nyepi/i.test(h.name), 'Hari Suci Nyepi') },
    { name: 'Idul Fitri', dates: islamic('Idul Fitri') },
    { name: 'Wafat Yesus Kristus', dates: [{ date: addDays(easter, -2), name: 'Wafat Yesus Kristus' }] },
    { name: 'Kebangkitan Yesus Kristus (Paskah)', dates: [{ date: easter, name: 'Kebangkitan Yesus Kristus (Paskah)' }] },
    { name: 'Hari Buruh Internasional', dates: [{ date: `${year}-05-01`, name: 'Hari Buruh Internasional' }] },
    { name: 'Kenaikan Yesus Kristus', dates: [{ date: addDays(easter, 39), name: 'Kenaikan Yesus Kristus' }] },
    { name: 'Hari Raya Waisak', dates: fromLib((h) => /waisak/i.test(h.name), 'Hari Raya Waisak') },
    { name: 'Hari Lahir Pancasila', dates: [{ date: `${year}-06-01`, name: 'Hari Lahir Pancasila' }] },
    { name: 'Idul Adha', dates: islamic('Idul Adha') },
    { name: 'Tahun Baru Islam', dates: islamic('Tahun Baru Islam') },
    { name: 'Hari Proklamasi Kemerdekaan RI', dates: [{ date: `${year}-08-17`, name: 'Hari Proklamasi Kemerdekaan RI' }] },
    { name: 'Maulid Nabi Muhammad SAW', dates: islamic('Maulid Nabi Muhammad SAW') },
    { name: 'Hari Raya Natal', dates: [{ date: `${year}-12-25`, name: 'Hari Raya Natal' }] },
  ];
  const seen = new Set<string>();
  const inYear = (h: EstimatedHoliday) =>
    h.date.startsWith(`${year}-`) && !seen.has(`${h.date}|${h.name}`) && !!seen.add(`${h.date}|${h.name}`);
  const found = sources.map((s) => ({ name: s.name, dates: s.dates.filter(inYear) }));
  const holidays = found.flatMap((s) => s.dates).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name < b.name ? -1 : 1));
  return { holidays, missing: found.filter((s) => s.dates.length === 0).map((s) => s.name) };
}
