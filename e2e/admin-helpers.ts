// Helpers of the admin/HR specs: API sessions, real check-ins through the API (enrolled face, office
// position) and the office-timezone date the pages use.
import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { genuineFrames } from '../tests/liveness-frames';
import type { LivenessStep } from '../features/face/lib/liveness';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, dateKeyInZone } from '../lib/dates';
import { enrolFaceViaApi, registerEmployee } from './fixtures';

export const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
export const todayJakarta = () => dateKeyInZone(new Date(), 'Asia/Jakarta');
const FACES = path.join(process.cwd(), 'tests', 'fixtures', 'faces');

/**
 * The first date at least `days` from today (Jakarta) that starts `count` working days in a row: Monday to
 * Friday and on none of the server's holiday lists (national, cuti bersama, the company's). A leave over
 * them counts `count` days whatever day the suite runs on; a fixed offset landed on a Saturday once a run
 * crossed midnight in Jakarta (docs/quality.md, "Failures seen on loaded machines").
 */
export async function workdaysAhead(request: APIRequestContext, token: string, days: number, count = 1): Promise<string> {
  const working = workingDays(request, token);
  for (let start = addDays(todayJakarta(), days); ; start = addDays(start, 1)) {
    let run = 0;
    while (run < count && (await working(addDays(start, run)))) run++;
    if (run === count) return start;
  }
}

/** The last working day before today (Jakarta), as workdaysAhead counts them: a day already past to file for. */
export async function lastWorkday(request: APIRequestContext, token: string): Promise<string> {
  const working = workingDays(request, token);
  let day = addDays(todayJakarta(), -1);
  while (!(await working(day))) day = addDays(day, -1);
  return day;
}

/** Is a date Monday to Friday and on none of the server's holiday lists? Each year's list asked once. */
function workingDays(request: APIRequestContext, token: string) {
  const off = new Map<number, Set<string>>();
  return async (date: string) => {
    const year = Number(date.slice(0, 4));
    if (!off.has(year)) {
      const list = await getJson<{ date: string }[]>(request, `/api/holidays?year=${year}`, token);
      off.set(year, new Set(list.map((h) => h.date)));
    }
    return ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) && !off.get(year)!.has(date);
  };
}

export async function apiToken(request: APIRequestContext, creds: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The answer to the page's close of `month` (Tutup Periode), listened for from before the click: the close
 * waits for the month's writes and freezes its recap, so on a busy server it takes as long as the server
 * allows it (features/periods/components/PeriodsPage.tsx), and the toast comes only after it.
 */
export function closeAnswer(page: Page, month: string): Promise<Response> {
  return page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/periods/${month}/close`, {
    timeout: 150_000,
  });
}

export async function getJson<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await request.get(url, { headers: bearer(token) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A one-time challenge for a check-in or check-out through the API, as the browser fetches one (docs/anti-fraud.md). */
export async function challengeId(request: APIRequestContext, token: string, action: 'check-in' | 'check-out'): Promise<string> {
  const res = await request.post('/api/attendance/challenge', { headers: bearer(token), data: { action } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id as string;
}

/** A challenge with its steps, and a genuine liveness answer to them (frames as the dialog sends, docs/face.md "Liveness"). */
export async function challengeWithAnswer(
  request: APIRequestContext,
  token: string,
  action: 'check-in' | 'check-out',
  descriptor: number[],
) {
  const res = await request.post('/api/attendance/challenge', { headers: bearer(token), data: { action } });
  expect(res.status(), await res.text()).toBe(200);
  const c = (await res.json()) as { id: string; steps: LivenessStep[] };
  // A capture cannot be longer than the challenge has existed: the answer's 13 frames span 12 ms.
  await new Promise((r) => setTimeout(r, 15));
  return { challengeId: c.id, ...(c.steps.length ? { liveness: { frames: genuineFrames(c.steps, descriptor, c.steps, 1) } } : {}) };
}

/**
 * A fresh employee, enrolled with fixture person A, who checks in today at the office with `photo`.
 * person-a-*.jpg matches; person-b-1.jpg sent with person A's descriptor is accepted at check-in and
 * flagged afterwards by the server's face re-check.
 */
export async function employeeCheckedIn(request: APIRequestContext, name: string, photo: 'person-a-2.jpg' | 'person-b-1.jpg') {
  const emp = await registerEmployee(request, { name, position: 'Staf Uji' });
  await enrolFaceViaApi(request, emp.token);
  const descriptors = JSON.parse(readFileSync(path.join(FACES, 'descriptors.json'), 'utf8')) as Record<string, number[]>;
  const res = await request.post('/api/attendance/check-in', {
    headers: bearer(emp.token),
    data: {
      ...(await challengeWithAnswer(request, emp.token, 'check-in', descriptors['person-a-2.jpg']!)),
      userId: emp.id,
      ...OFFICE,
      accuracy: 8,
      timestamp: new Date().toISOString(),
      verificationMethod: 'face',
      faceImage: `data:image/jpeg;base64,${readFileSync(path.join(FACES, photo)).toString('base64')}`,
      faceDescriptor: descriptors['person-a-2.jpg'],
    },
    timeout: 60_000,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return emp;
}
