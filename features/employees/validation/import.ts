// Employee import and export (docs/onboarding.md): the columns, their Indonesian headers and what each
// accepts, the limits, and the request body. Shared by the server, the template and the page.
import { z } from 'zod';

/** At most this many bytes of file (the body carries it in base64: a third more). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many people per file. */
export const IMPORT_MAX_ROWS = 10_000;
/** The JSON body's limit: room for a file somewhat over the limit, so its answer names the limit. */
export const IMPORT_MAX_BODY = IMPORT_MAX_BYTES * 2;

export const IMPORT_MESSAGES = {
  empty: 'Berkas kosong: tidak ada baris untuk diimpor',
  notBase64: 'Berkas tidak terbaca (data tidak valid)',
  tooLarge: 'Ukuran berkas maksimal 5 MB',
  badType: 'Berkas harus berupa XLSX (Excel) atau CSV',
  oldExcel: 'Format Excel lama (.xls) tidak didukung: simpan sebagai .xlsx atau CSV',
  notUtf8: 'Berkas CSV harus berenkode UTF-8 (di Excel: Simpan Sebagai → CSV UTF-8)',
  macro: 'Berkas berisi makro (macro-enabled): simpan sebagai .xlsx biasa tanpa makro',
  formula: 'Berkas berisi rumus (formula): salin lalu tempel sebagai nilai (Paste Values) sebelum mengimpor',
  tooManyRows: `Maksimal 10.000 baris per impor: bagi berkas menjadi beberapa bagian`,
  noHeader: 'Baris judul kolom tidak ditemukan: baris pertama harus berisi judul kolom seperti pada template (NIK, Nama, Email, …)',
  noRows: 'Berkas hanya berisi judul kolom, tanpa data karyawan',
} as const;

/** The columns, in file order: key, header as written in the template and the export, required, what it takes. */
export const IMPORT_COLUMNS = [
  {
    key: 'nik',
    header: 'NIK',
    required: true,
    help: 'Nomor induk karyawan: huruf dan angka, unik. Kunci impor: baris dengan NIK yang sudah ada memperbarui orang itu.',
    example: 'K0001',
  },
  { key: 'name', header: 'Nama', required: true, help: 'Nama lengkap.', example: 'Budi Santoso' },
  { key: 'email', header: 'Email', required: true, help: 'Alamat email untuk login; unik.', example: 'budi@perusahaan.co.id' },
  {
    key: 'phone',
    header: 'No. HP',
    required: false,
    help: 'Nomor HP/WhatsApp: 0812…, +62 812… atau 62812…. Kosong: tanpa nomor.',
    example: '081234567890',
  },
  { key: 'position', header: 'Jabatan', required: true, help: 'Posisi/jabatan.', example: 'Staf Keuangan' },
  {
    key: 'division',
    header: 'Divisi',
    required: false,
    help: 'Nama divisi. Divisi yang belum ada akan dibuat. Kosong: tanpa divisi.',
    example: 'Keuangan',
  },
  { key: 'office', header: 'Kantor', required: false, help: 'Nama kantor (lihat menu Kantor). Kosong: kantor utama.', example: '' },
  {
    key: 'schedule',
    header: 'Jadwal',
    required: false,
    help: 'Nama jadwal kerja (lihat menu Jadwal Kerja). Kosong: jadwal bawaan perusahaan.',
    example: '',
  },
  {
    key: 'supervisor',
    header: 'Atasan (NIK)',
    required: false,
    help: 'NIK atasan: orang di berkas ini atau yang sudah terdaftar. Kosong: tanpa atasan.',
    example: '',
  },
  {
    key: 'joinDate',
    header: 'Tanggal Bergabung',
    required: false,
    help: 'Tanggal mulai bekerja: YYYY-MM-DD atau DD/MM/YYYY. Kosong: tanggal akun dibuat.',
    example: '2024-03-01',
  },
  {
    key: 'role',
    header: 'Peran',
    required: false,
    help: 'Karyawan, HR atau Administrator. Kosong: Karyawan. HR hanya dapat mengimpor Karyawan.',
    example: 'Karyawan',
  },
  {
    key: 'openingBalance',
    header: 'Saldo Awal Cuti Tahunan',
    required: false,
    help: 'Saldo cuti tahunan (hari) per tanggal impor, dari sistem sebelumnya; boleh setengah hari (1,5). Kosong: saldo tidak diubah.',
    example: '12',
  },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];
export const IMPORT_HEADERS: string[] = IMPORT_COLUMNS.map((c) => c.header);

/** A header cell as compared: lower-case letters and digits only ('No. HP' → 'nohp'). */
export const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Other spellings of each header that people write. */
export const HEADER_ALIASES: Record<string, ImportColumnKey> = {
  ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [headerKey(c.header), c.key])),
  nikkaryawan: 'nik',
  nomorinduk: 'nik',
  nama: 'name',
  namalengkap: 'name',
  nohp: 'phone',
  nomorhp: 'phone',
  telepon: 'phone',
  whatsapp: 'phone',
  posisi: 'position',
  atasan: 'supervisor',
  nikatasan: 'supervisor',
  tanggalbergabung: 'joinDate',
  tglbergabung: 'joinDate',
  role: 'role',
  saldoawalcutitahunan: 'openingBalance',
  saldocuti: 'openingBalance',
};

export const ROLE_WORDS: Record<string, 'employee' | 'hr' | 'admin'> = {
  karyawan: 'employee',
  employee: 'employee',
  hr: 'hr',
  administrator: 'admin',
  admin: 'admin',
};
export const ROLE_LABEL = { employee: 'Karyawan', hr: 'HR', admin: 'Administrator' } as const;

/** POST /api/users/import: the file as the app's attachments travel. */
export const importBodySchema = z.object({
  filename: z.string({ error: 'Nama berkas tidak valid' }).max(255, 'Nama berkas terlalu panjang').optional(),
  file: z.string({ error: 'Berkas harus diisi' }).min(1, 'Berkas harus diisi'),
  /** On a commit: each new person gets an activation link by e-mail / WhatsApp (docs/onboarding.md). */
  sendInvites: z.boolean({ error: 'sendInvites harus true atau false' }).optional(),
});
export type ImportBody = z.output<typeof importBodySchema>;

export const importQuerySchema = z.object({ dryRun: z.enum(['0', '1', 'true', 'false'], { error: 'dryRun harus 0 atau 1' }).optional() });

export const exportQuerySchema = z.object({ format: z.enum(['xlsx', 'csv'], { error: 'Format harus xlsx atau csv' }).optional() });
