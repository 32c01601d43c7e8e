// The payroll file's columns (docs/exports.md, "File penggajian"): every figure a payroll system pays on,
// from a closed month's recap snapshot (docs/recap.md). A preset picks some of them, orders and renames
// them; the default preset is STANDARD_PRESET. Pure: the preset editor and the server share it.

export type PayrollColumnType = 'text' | 'number' | 'date';

export type PayrollColumnDef = { key: string; header: string; type: PayrollColumnType; description: string };

/** Every column a preset may choose, with its default header. */
export const PAYROLL_COLUMNS: PayrollColumnDef[] = [
  { key: 'employeeNumber', header: 'NIK', type: 'text', description: 'Nomor induk karyawan (kunci penggajian)' },
  { key: 'name', header: 'Nama Karyawan', type: 'text', description: 'Nama' },
  { key: 'email', header: 'Email', type: 'text', description: 'Email' },
  { key: 'position', header: 'Jabatan', type: 'text', description: 'Posisi' },
  { key: 'office', header: 'Kantor', type: 'text', description: 'Kantor (hari terakhir bulan itu)' },
  { key: 'division', header: 'Divisi', type: 'text', description: 'Divisi' },
  { key: 'periodStart', header: 'Periode Mulai', type: 'date', description: 'Tanggal pertama bulan' },
  { key: 'periodEnd', header: 'Periode Selesai', type: 'date', description: 'Tanggal terakhir bulan' },
  { key: 'workDays', header: 'Hari Wajib Hadir', type: 'number', description: 'Hari kerja menurut kalender' },
  { key: 'present', header: 'Hadir (hari)', type: 'number', description: 'Hadir, dinas luar dan lupa check-out' },
  { key: 'alpa', header: 'Alpa (hari)', type: 'number', description: 'Tidak hadir tanpa keterangan' },
  { key: 'leavePaid', header: 'Cuti/Izin Dibayar (hari)', type: 'number', description: 'Cuti, izin dan sakit dari jenis yang dibayar' },
  {
    key: 'leaveUnpaid',
    header: 'Cuti/Izin Tidak Dibayar (hari)',
    type: 'number',
    description: 'Dari jenis yang tidak dibayar (Izin Tanpa Upah)',
  },
  { key: 'cuti', header: 'Cuti (hari)', type: 'number', description: 'Semua jenis cuti' },
  { key: 'izin', header: 'Izin (hari)', type: 'number', description: 'Semua jenis izin' },
  { key: 'sakit', header: 'Sakit (hari)', type: 'number', description: 'Semua jenis sakit' },
  { key: 'cutiPengganti', header: 'Cuti Pengganti (hari)', type: 'number', description: 'Cuti pengganti yang diambil' },
  { key: 'lateCount', header: 'Terlambat (kali)', type: 'number', description: 'Hari terlambat' },
  { key: 'lateMinutes', header: 'Terlambat (menit)', type: 'number', description: 'Menit terlambat' },
  { key: 'earlyCount', header: 'Pulang Cepat (kali)', type: 'number', description: 'Hari pulang cepat' },
  { key: 'earlyMinutes', header: 'Pulang Cepat (menit)', type: 'number', description: 'Menit pulang cepat' },
  { key: 'dinasLuar', header: 'Dinas Luar (hari)', type: 'number', description: 'Hari dinas luar' },
  { key: 'holidaysWorked', header: 'Masuk Hari Libur (hari)', type: 'number', description: 'Hadir pada hari libur' },
  { key: 'restDaysWorked', header: 'Masuk Hari Istirahat (hari)', type: 'number', description: 'Hadir pada hari istirahat' },
  { key: 'overtime1_5', header: 'Lembur x1,5 (jam)', type: 'number', description: 'Jam lembur dengan pengali 1,5' },
  { key: 'overtime2', header: 'Lembur x2 (jam)', type: 'number', description: 'Jam lembur dengan pengali 2' },
  { key: 'overtime3', header: 'Lembur x3 (jam)', type: 'number', description: 'Jam lembur dengan pengali 3' },
  { key: 'overtime4', header: 'Lembur x4 (jam)', type: 'number', description: 'Jam lembur dengan pengali 4' },
  { key: 'overtimeHours', header: 'Lembur Total (jam)', type: 'number', description: 'Jam lembur dibayar' },
  { key: 'overtimeEquivalentHours', header: 'Lembur Setara (jam)', type: 'number', description: 'Jam lembur setara: jam × pengali' },
];

export const PAYROLL_COLUMN_KEYS = PAYROLL_COLUMNS.map((c) => c.key) as [string, ...string[]];
export const payrollColumn = (key: string) => PAYROLL_COLUMNS.find((c) => c.key === key);

export const DATE_FORMATS = ['dd/mm/yyyy', 'yyyy-mm-dd', 'dd-mm-yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export type PayrollPresetShape = {
  name: string;
  columns: { key: string; header: string }[];
  decimalSeparator: ',' | '.';
  decimals: number | null;
  dateFormat: DateFormat;
  csvSeparator: ';' | ',';
};

const STANDARD_KEYS = [
  'employeeNumber',
  'name',
  'office',
  'division',
  'workDays',
  'present',
  'alpa',
  'leavePaid',
  'leaveUnpaid',
  'lateMinutes',
  'earlyMinutes',
  'overtime1_5',
  'overtime2',
  'overtime3',
  'overtime4',
  'overtimeEquivalentHours',
  'cutiPengganti',
];

/** The default preset ("Standar", id `standar`), always there and not editable (docs/exports.md). */
export const STANDARD_PRESET_ID = 'standar';
export const STANDARD_PRESET: PayrollPresetShape = {
  name: 'Standar',
  columns: STANDARD_KEYS.map((key) => ({ key, header: payrollColumn(key)!.header })),
  decimalSeparator: ',',
  decimals: null,
  dateFormat: 'dd/mm/yyyy',
  csvSeparator: ';',
};

/** A number as the preset writes it in a CSV: fixed digits when set, the decimal mark, no grouping. */
export function formatNumber(n: number, p: Pick<PayrollPresetShape, 'decimalSeparator' | 'decimals'>): string {
  const text = p.decimals === null ? String(Math.round(n * 100) / 100) : n.toFixed(p.decimals);
  return p.decimalSeparator === ',' ? text.replace('.', ',') : text;
}

/** A day 'YYYY-MM-DD' as the preset writes it. */
export function formatDate(key: string, format: DateFormat): string {
  const [y, m, d] = key.split('-');
  if (format === 'yyyy-mm-dd') return key;
  return format === 'dd-mm-yyyy' ? `${d}-${m}-${y}` : `${d}/${m}/${y}`;
}
