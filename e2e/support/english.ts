// English words that must not reach a user (issue 35): the screens and the API's messages are Indonesian.
// One list for the rendered-page scan (e2e/layout.spec.ts) and the messages' scan (tests/unit/no-english.test.ts).
//
// Allowed, on purpose: words Indonesian has taken over or that name a thing, not English prose:
// "Email", "Password", "Login"/"Logout", "Check-in"/"Check-out", "Dashboard", "Export", "Refresh", "Reset",
// "Upload", "Download", "Online"/"Offline", "Kiosk", "Shift", "Roster", "CSV"/"XLSX"/"PDF"/"JSON", "Profile",
// "HR", "Admin", "Token", "Pending" (the spec's "Cuti Pending" card), the spec's "Top Performers", and "Edit" /
// "Update" (the spec's buttons and titles: 'Edit Karyawan', 'Update', 'Berhasil Update'; "edit" is in KBBI). Brand and product names (Absensi, Leaflet,
// OpenStreetMap) and the people's names and positions in the seed ("Software Developer") are data.
// "meter" is Indonesian too; what is checked is a distance not humanised ("965249 meter"): see NOT_HUMANISED.
export const ENGLISH_WORDS = [
  'Loading',
  'Submit',
  'Save',
  'Cancel',
  'Delete',
  'Error',
  'Success',
  'Successfully',
  'Checked',
  'Completed',
  'Not',
  'Please',
  'Failed',
  'Invalid',
  'Unauthorized',
  'Forbidden',
  'Not Found',
  'Required',
  'Search',
  'Close',
  'Back',
  'Next',
  'Previous',
  'Confirm',
  'Yes',
  'No data',
  'Something went wrong',
  'denied',
  'Geolocation',
  'Try again',
  'Settings',
  'Welcome',
  'Today',
  'Present',
  'Absent',
  'Late',
  'Approved',
  'Rejected',
] as const;

/** A distance written in plain metres above a kilometre ("965249 meter"), which should read "965 km". */
export const NOT_HUMANISED = /\b\d{4,}\s*meter\b/;

function pattern(word: string): RegExp {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Whole words, case as written (a capitalised English word; "not" inside Indonesian text is no issue).
  return new RegExp(`(^|[^A-Za-z])${escaped}($|[^A-Za-z])`);
}

/** The English words found in `text` (each once), the allowed phrases left out. */
export function englishIn(text: string): string[] {
  const found: string[] = ENGLISH_WORDS.filter((w) => pattern(w).test(text));
  const raw = text.match(NOT_HUMANISED);
  if (raw) found.push(`${raw[0]} (not humanised)`);
  return found;
}
