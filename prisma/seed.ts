// Demo data, idempotent: an admin, an HR user, 14 employees, office settings in Jakarta,
// 30 days of plausible attendance and leave requests in every status.
// `--if-empty` seeds only a database without users (used on first start).
import { db, disconnectDb } from '@/lib/server/db';
import { getEnv } from '@/lib/env';
import { getMainOffice } from '@/features/offices/server/offices';
import { getDefaultSchedule } from '@/features/calendar/server/schedules';
import { hashPassword } from '@/lib/server/auth/password';
import { addDays, dateKeyInZone, dateKeyToDate, isoWeekday } from '@/lib/dates';
import type { Role } from '@/lib/roles';
import { mulberry32 } from '@/lib/prng';

const OFFICE = { latitude: -6.175392, longitude: 106.827153, radius: 100, address: 'Jl. Medan Merdeka, Gambir, Jakarta Pusat' };
const TZ = 'Asia/Jakarta';

const PEOPLE: { name: string; email: string; position: string; role: Role }[] = [
  { name: 'Admin Absensi', email: 'admin@absensi.local', position: 'System Administrator', role: 'admin' },
  { name: 'Hana Rahmawati', email: 'hr@absensi.local', position: 'HR Manager', role: 'hr' },
  { name: 'Budi Santoso', email: 'budi@absensi.local', position: 'Software Developer', role: 'employee' },
  { name: 'Siti Nurhaliza', email: 'siti@absensi.local', position: 'UI/UX Designer', role: 'employee' },
  { name: 'Agus Pratama', email: 'agus@absensi.local', position: 'Backend Developer', role: 'employee' },
  { name: 'Dewi Lestari', email: 'dewi@absensi.local', position: 'Product Manager', role: 'employee' },
  { name: 'Rizky Ramadhan', email: 'rizky@absensi.local', position: 'QA Engineer', role: 'employee' },
  { name: 'Putri Ayu', email: 'putri@absensi.local', position: 'Marketing Specialist', role: 'employee' },
  { name: 'Andi Wijaya', email: 'andi@absensi.local', position: 'Finance Staff', role: 'employee' },
  { name: 'Fitri Handayani', email: 'fitri@absensi.local', position: 'Customer Service', role: 'employee' },
  { name: 'Joko Susilo', email: 'joko@absensi.local', position: 'Network Engineer', role: 'employee' },
  { name: 'Maya Sari', email: 'maya@absensi.local', position: 'Content Writer', role: 'employee' },
  { name: 'Bayu Nugroho', email: 'bayu@absensi.local', position: 'Data Analyst', role: 'employee' },
  { name: 'Lina Marlina', email: 'lina@absensi.local', position: 'Accountant', role: 'employee' },
  { name: 'Eko Saputra', email: 'eko@absensi.local', position: 'DevOps Engineer', role: 'employee' },
  { name: 'Rina Kartika', email: 'rina@absensi.local', position: 'Sales Executive', role: 'employee' },
];

const at = (dateKey: string, minutes: number) => {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return new Date(`${dateKey}T${hh}:${mm}:00+07:00`);
};

const jitter = (rand: () => number, base: number, spread: number) => base + (rand() - 0.5) * spread;

export async function seed(): Promise<void> {
  const passwordHash = await hashPassword(getEnv().SEED_PASSWORD);
  const settings = await db.settings.upsert({ where: { id: 1 }, create: { id: 1, companyName: 'PT Absensi Nusantara' }, update: {} });
  if (!settings.companyName) await db.settings.update({ where: { id: 1 }, data: { companyName: 'PT Absensi Nusantara' } });
  // The migration made the main office and the default schedule (Senin–Jumat 08:00–17:00); put the office in Jakarta.
  const main = await getMainOffice();
  if (main.latitude === null) {
    await db.office.update({
      where: { id: main.id },
      data: {
        name: 'Kantor Pusat Jakarta',
        latitude: OFFICE.latitude,
        longitude: OFFICE.longitude,
        radius: OFFICE.radius,
        address: OFFICE.address,
        timezone: TZ,
      },
    });
  }
  await getDefaultSchedule();
  // A branch in WITA and a night shift, for trying branches and shifts (nobody is assigned to them).
  if ((await db.office.count()) === 1) {
    await db.office.create({
      data: {
        name: 'Cabang Makassar',
        address: 'Jl. Jenderal Sudirman No. 1, Makassar',
        latitude: -5.147665,
        longitude: 119.432732,
        radius: 150,
        timezone: 'Asia/Makassar',
      },
    });
  }
  if (!(await db.workSchedule.findUnique({ where: { name: 'Shift Malam' } }))) {
    await db.workSchedule.create({
      data: {
        name: 'Shift Malam',
        breakMinutes: 60,
        lateToleranceMinutes: 10,
        days: {
          create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? '22:00' : null, end: i < 5 ? '06:00' : null })),
        },
      },
    });
  }

  const today = dateKeyInZone(new Date(), TZ);
  const joinDate = at(addDays(today, -45), 9 * 60);
  const users = [];
  for (const p of PEOPLE) {
    users.push(
      await db.user.upsert({
        where: { email: p.email },
        // Ikut penggajian (docs/recap.md): the demo's admin and HR manager never check in (the check-in pages
        // are the employees'), so they are off the payroll; the admin can tick it in Kelola Karyawan.
        create: { ...p, passwordHash, createdAt: joinDate, onPayroll: p.role === 'employee' },
        update: {},
      }),
    );
  }
  const employees = users.filter((u) => u.role === 'employee');

  const rand = mulberry32(20240501); // same seed, same demo data on every run
  const rows = [];
  for (const [i, e] of employees.entries()) {
    for (let back = 30; back >= 1; back--) {
      const day = addDays(today, -back);
      if (isoWeekday(day) > 5) continue;
      const r = rand();
      if (r < 0.08 + (i % 5) * 0.02) continue; // absent
      const inMin = Math.round(jitter(rand, 7 * 60 + 55, 40) + (rand() < 0.15 ? 20 : 0));
      const noCheckout = rand() < 0.04;
      const outMin = Math.round(jitter(rand, 17 * 60 + 15, 50));
      const lat = OFFICE.latitude + (rand() - 0.5) * 0.0008;
      const lon = OFFICE.longitude + (rand() - 0.5) * 0.0008;
      rows.push({
        userId: e.id,
        workDate: dateKeyToDate(day),
        checkInAt: at(day, inMin),
        checkInLatitude: lat,
        checkInLongitude: lon,
        checkInAccuracy: Math.round(5 + rand() * 20),
        checkInDistance: Math.round(rand() * 60),
        checkInMethod: 'face',
        lateMinutes: Math.max(0, inMin - 8 * 60),
        checkOutAt: noCheckout ? null : at(day, outMin),
        checkOutLatitude: noCheckout ? null : lat,
        checkOutLongitude: noCheckout ? null : lon,
        checkOutAccuracy: noCheckout ? null : Math.round(5 + rand() * 20),
        checkOutDistance: noCheckout ? null : Math.round(rand() * 60),
        checkOutMethod: noCheckout ? null : 'face',
        earlyMinutes: noCheckout ? null : Math.max(0, 17 * 60 - outMin),
        faceCheckStatus: 'verified' as const,
      });
    }
  }
  await db.attendance.createMany({ data: rows, skipDuplicates: true });

  const seededLeaves = await db.leaveRequest.count({ where: { userId: { in: employees.map((e) => e.id) } } });
  if (seededLeaves === 0) {
    const plan: {
      idx: number;
      type: 'cuti' | 'sakit' | 'keluarga' | 'lainnya';
      from: number;
      to: number;
      status: 'pending' | 'approved' | 'rejected';
      reason: string;
    }[] = [
      { idx: 1, type: 'cuti', from: 7, to: 9, status: 'pending', reason: 'Liburan keluarga ke Yogyakarta' },
      { idx: 2, type: 'sakit', from: -12, to: -11, status: 'approved', reason: 'Demam tinggi, ada surat dokter' },
      { idx: 3, type: 'keluarga', from: 14, to: 14, status: 'pending', reason: 'Menghadiri pernikahan saudara' },
      { idx: 4, type: 'lainnya', from: -20, to: -20, status: 'rejected', reason: 'Mengurus dokumen kependudukan' },
      { idx: 5, type: 'cuti', from: 20, to: 24, status: 'approved', reason: 'Cuti tahunan untuk pulang kampung' },
      { idx: 6, type: 'sakit', from: -5, to: -5, status: 'approved', reason: 'Kontrol kesehatan ke rumah sakit' },
      { idx: 0, type: 'cuti', from: 30, to: 31, status: 'rejected', reason: 'Acara keluarga di Bandung' },
    ];
    const hr = users.find((u) => u.role === 'hr');
    for (const p of plan) {
      const e = employees[p.idx];
      if (!e) continue;
      await db.leaveRequest.create({
        data: {
          userId: e.id,
          type: p.type,
          startDate: dateKeyToDate(addDays(today, p.from)),
          endDate: dateKeyToDate(addDays(today, p.to)),
          reason: p.reason,
          status: p.status,
          appliedAt: at(addDays(today, Math.min(p.from, 0) - 3), 10 * 60),
          processedAt: p.status === 'pending' ? null : at(addDays(today, Math.min(p.from, 0) - 2), 11 * 60),
          processedById: p.status === 'pending' ? null : (hr?.id ?? null),
        },
      });
    }
  }
}

async function main() {
  if (process.argv.includes('--if-empty') && (await db.user.count()) > 0) {
    console.log('Database already has users; seed skipped.');
    return;
  }
  await seed();
  console.log(
    `Seeded demo data. Logins: admin@absensi.local, hr@absensi.local, budi@absensi.local (password from SEED_PASSWORD, default Absensi123).`,
  );
}

if (process.argv[1] && /seed\.ts$/.test(process.argv[1])) {
  main()
    .then(() => disconnectDb())
    .then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
}
