// Rekap Bulanan's two tables (per office, per employee): the header row and one row's figures, with the
// same columns in the same order (docs/recap.md).
import type { RecapDto, RecapRow, RecapTotals } from '@/features/recap/types/recap';

/** A figure as the recap shows it: Indonesian digits, at most two decimals. */
export const num = (n: number) => n.toLocaleString('id-ID', { maximumFractionDigits: 2 });

export function Figures({ r, recap }: { r: RecapRow | RecapTotals; recap: RecapDto }) {
  return (
    <>
      <td className="px-2 py-2 text-right">{num(r.workDays)}</td>
      <td className="px-2 py-2 text-right">{num(r.present)}</td>
      <td className="px-2 py-2 text-right">
        {num(r.lateCount)} / {num(r.lateMinutes)}
      </td>
      <td className="px-2 py-2 text-right">
        {num(r.earlyCount)} / {num(r.earlyMinutes)}
      </td>
      <td className="px-2 py-2 text-right">{num(r.alpa)}</td>
      {recap.leaveTypes.map((t) => (
        <td key={t} className="px-2 py-2 text-right">
          {num(r.leaveByType[t] ?? 0)}
        </td>
      ))}
      <td className="px-2 py-2 text-right">{num(r.sakit)}</td>
      <td className="px-2 py-2 text-right">{num(r.holidaysWorked + r.restDaysWorked)}</td>
      <td className="px-2 py-2 text-right">{num(r.lupaCheckout)}</td>
      <td className="px-2 py-2 text-right">{num(r.correctedDays)}</td>
      <td className="px-2 py-2 text-right">{num(r.overtime.equivalentHours)}</td>
      <td className="px-2 py-2 text-right whitespace-nowrap">
        {r.overtime.classes.map((c) => `×${num(c.multiplier)}: ${num(c.hours)}`).join(', ') || '-'}
      </td>
      <td className="px-2 py-2 text-right">{num(r.unresolvedFlags)}</td>
      <td className="px-2 py-2 text-right">{num(r.openDays)}</td>
    </>
  );
}

export function Head({ recap, first }: { recap: RecapDto; first: string }) {
  return (
    <tr>
      <th scope="col" className="px-2 py-2">
        {first}
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Hari Wajib Hadir
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Hadir
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Terlambat (kali / menit)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Pulang Cepat (kali / menit)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Tidak Hadir
      </th>
      {recap.leaveTypes.map((t) => (
        <th key={t} scope="col" className="px-2 py-2 text-right">
          {t} (hari)
        </th>
      ))}
      <th scope="col" className="px-2 py-2 text-right">
        Sakit (hari)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Masuk Hari Libur/Istirahat
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Lupa Check-out
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Hari Dikoreksi
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Lembur (jam setara)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Lembur per Kelas (jam)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Tanda Belum Ditinjau
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Belum Ditutup
      </th>
    </tr>
  );
}
