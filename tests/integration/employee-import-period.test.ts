// An import whose changes reach a closed month says so, as the other saves do (docs/periods.md, "Changes
// that reach a closed month"; docs/onboarding.md). Worked by hand, relative to today's month M:
//   the month M-2 is closed (Tutup Periode); M-1 is open.
//   A new person joining on the 10th of M-2 reaches M-2: the dry run foresees "Perubahan berlaku mulai 1
//   <M-1> karena periode <M-2> sudah ditutup", the commit answers the same (noted by the database's triggers).
//   A new person joining on the 1st of M reaches no closed month: no notice.
//   The same file again changes nothing and says nothing.
//   The first person's office set by a later file reaches back to the join date (M-2): the notice again.
//   Their join date moved from the 10th of M-2 to the 1st of M would change M-2's days: a row error (the
//   database's period guard refuses it, as it refuses the employee form); nothing written.
//   A change of name alone reaches no day: no notice.
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as importRoute } from '@/app/api/users/import/route';
import { db } from '@/lib/server/db';
import { dateToKey } from '@/lib/dates';
import { closedMonthsNoticeMessage, nextMonth } from '@/features/periods/validation/periods';
import { call, createUser, uniqueEmail } from '../helpers';

const HEADER = 'NIK;Nama;Email;Jabatan;Kantor;Tanggal Bergabung';
const dataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text, 'utf8').toString('base64')}`;
let token: string;
const post = (csv: string, dryRun: boolean) =>
  call(importRoute, {
    method: 'POST',
    path: `/api/users/import${dryRun ? '?dryRun=1' : ''}`,
    token,
    body: { filename: 'p.csv', file: dataUrl(csv) },
  });

const monthBefore = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
const thisMonth = dateToKey(new Date()).slice(0, 7);
const closed = monthBefore(monthBefore(thisMonth));
const NOTICE = { from: `${nextMonth(closed)}-01`, closedMonths: [closed], message: closedMonthsNoticeMessage([closed]) };
const emailP = uniqueEmail('p1');
const emailQ = uniqueEmail('q1');

beforeAll(async () => {
  token = (await createUser({ role: 'admin' })).token;
  await db.office.create({ data: { name: 'Kantor Cabang Periode', timezone: 'Asia/Jakarta' } });
  await db.period.create({ data: { month: closed, status: 'closed' } });
});

describe('an import that reaches a closed month', () => {
  it('the dry run foresees it, the commit answers it; a join date this month or an unchanged file says nothing', async () => {
    const csv = [HEADER, `P1;Putu Lama;${emailP};Staf;;${closed}-10`].join('\n');
    expect(NOTICE.message).toMatch(
      /^Perubahan berlaku mulai 1 .+ karena periode .+ sudah ditutup; hari-hari di periode itu tidak berubah\.$/,
    );
    const dry = await post(csv, true);
    expect(dry.status).toBe(200);
    expect(dry.body.periodNotice).toEqual(NOTICE);
    const done = await post(csv, false);
    expect(done.body.committed).toBe(true);
    expect(done.body.periodNotice).toEqual(NOTICE);

    const again = await post(csv, false);
    expect(again.body.counts).toMatchObject({ baru: 0, diubah: 0, tanpaPerubahan: 1 });
    expect(again.body.periodNotice).toBeNull();

    const fresh = [HEADER, `Q1;Qori Baru;${emailQ};Staf;;${thisMonth}-01`].join('\n');
    expect((await post(fresh, true)).body.periodNotice).toBeNull();
    const q = await post(fresh, false);
    expect(q.body.committed).toBe(true);
    expect(q.body.periodNotice).toBeNull();
  });

  it('a changed office reaches back to the join date; a join date moved over the closed month is a row error', async () => {
    const office = [HEADER, `P1;Putu Lama;${emailP};Staf;Kantor Cabang Periode;${closed}-10`].join('\n');
    const dry = await post(office, true);
    expect(dry.body.rows[0]).toMatchObject({ status: 'diubah', changes: ['Kantor'] });
    expect(dry.body.periodNotice).toEqual(NOTICE);
    expect((await post(office, false)).body.periodNotice).toEqual(NOTICE);

    // Moving the join date over the closed month would change its days: a row error in the dry run (the
    // database refuses it, as it refuses the employee form), and the commit writes nothing.
    const moved = [HEADER, `P1;Putu Lama;${emailP};Staf;Kantor Cabang Periode;${thisMonth}-01`].join('\n');
    const label = closedMonthsNoticeMessage([closed]).match(/karena periode (.+) sudah ditutup/)![1];
    const refusal = [
      {
        row: 2,
        column: 'Tanggal Bergabung',
        message: `Periode ${label} sudah ditutup: tanggal bergabung tidak dapat dipindah melewati periode itu`,
      },
    ];
    for (const dryRun of [true, false]) {
      const res = await post(moved, dryRun);
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual(refusal);
      expect(res.body.rows[0]).toMatchObject({ status: 'galat' });
      expect(res.body.committed).toBe(false);
      expect(res.body.periodNotice).toBeNull();
    }
    expect(dateToKey((await db.user.findUniqueOrThrow({ where: { employeeNumber: 'P1' } })).joinDate!)).toBe(`${closed}-10`);
    // The name alone changed: no day is reached.
    const renamed = [HEADER, `P1;Putu Baru;${emailP};Staf;Kantor Cabang Periode;${closed}-10`].join('\n');
    expect((await post(renamed, true)).body.periodNotice).toBeNull();
    expect((await post(renamed, false)).body.periodNotice).toBeNull();
  });
});
