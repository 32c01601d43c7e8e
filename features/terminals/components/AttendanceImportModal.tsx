'use client';
// Unggah File Absensi (docs/terminals.md, "Uploading a file"): the attlog file a terminal writes to a USB
// stick (or the CSV some models export), for terminals that do not push. Choose the office whose clock
// the file carries (and the terminal, if it is registered), choose the file: the server's dry run shows
// what each line would do; only "Simpan Impor" writes. POST /api/attendance/import[?dryRun=1].
import { useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { ListTable } from '@/components/ui/ListTable';
import { alertDialog } from '@/lib/ui/alerts';
import { errorMessage } from '@/lib/api-client';
import { formatDateShort } from '@/lib/dates';
import { ProgressBar } from '@/features/employees/components/ImportPanel';
import { postFile, readAsDataUrl, type Progress } from '@/features/employees/components/import-upload';
import { MAX_IMPORT_FILE_BYTES } from '@/features/terminals/validation/terminals';
import type { ImportLineDto, ImportResultDto, TerminalDto } from '@/features/terminals/types/terminals';
import type { OfficeDto } from '@/features/offices/types/offices';

const OUTCOME: Record<ImportLineDto['outcome'], { label: string; cls: string }> = {
  check_in: { label: 'Check-in', cls: 'bg-green-100 text-green-800' },
  check_out: { label: 'Check-out', cls: 'bg-blue-100 text-blue-800' },
  between: { label: 'Di antara', cls: 'bg-slate-100 text-slate-700' },
  other_source: { label: 'Sudah absen di ponsel/kiosk', cls: 'bg-slate-100 text-slate-700' },
  duplicate: { label: 'Sudah tercatat', cls: 'bg-slate-100 text-slate-700' },
  unknown_pin: { label: 'PIN tidak dikenal', cls: 'bg-amber-100 text-amber-800' },
  period_closed: { label: 'Periode ditutup', cls: 'bg-red-100 text-red-800' },
};
/** The dry run lists at most this many lines on screen (a file holds up to 20,000); the counts cover all. */
const SHOWN_LINES = 300;
const FILE_LIMIT = { bytes: MAX_IMPORT_FILE_BYTES, tooLarge: 'Ukuran file maksimal 4 MB', empty: 'File kosong' };

function ResultView({ result }: { result: ImportResultDto }) {
  const shown = result.lines.slice(0, SHOWN_LINES);
  return (
    <div className="space-y-3">
      <p
        className={`rounded-lg p-3 text-sm ${result.errors.length ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
        role="status"
        data-testid="import-message"
      >
        {result.message}
      </p>
      {result.errors.length ? (
        <ListTable label="Baris yang tidak dapat dibaca" columns={['Baris', 'Isi', 'Kesalahan']}>
          {result.errors.map((e) => (
            <tr key={e.line} className="border-t border-slate-100">
              <td className="py-1 pr-3">{e.line}</td>
              <td className="max-w-48 truncate px-2 py-1 font-mono text-xs">{e.text}</td>
              <td className="py-1 pl-2 text-right text-red-700">{e.message}</td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      <div className="max-h-72 overflow-y-auto">
        <ListTable label="Hasil pemeriksaan per baris" columns={['Baris', 'PIN', 'Waktu', 'Karyawan', 'Hasil']}>
          {shown.map((l) => (
            <tr key={l.line} className="border-t border-slate-100">
              <td className="py-1 pr-3">{l.line}</td>
              <td className="px-2 py-1 font-mono">{l.pin}</td>
              <td className="whitespace-nowrap px-2 py-1">{l.localTime}</td>
              <td className="px-2 py-1">
                {l.userName ?? '—'}
                {l.workDate ? <span className="block text-xs text-slate-500">hari kerja {formatDateShort(l.workDate)}</span> : null}
              </td>
              <td className="py-1 pl-2 text-right">
                <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${OUTCOME[l.outcome].cls}`}>
                  {OUTCOME[l.outcome].label}
                </span>
              </td>
            </tr>
          ))}
        </ListTable>
        {result.lines.length > shown.length ? (
          <p className="mt-2 text-xs text-slate-500">
            {shown.length} dari {result.lines.length} baris ditampilkan; jumlah di atas menghitung semuanya.
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function AttendanceImportModal({
  offices,
  terminals,
  onClose,
  onImported,
}: {
  offices: OfficeDto[];
  terminals: TerminalDto[];
  onClose: () => void;
  onImported: () => void;
}) {
  const [officeId, setOfficeId] = useState(offices.find((o) => o.isMain)?.id ?? offices[0]?.id ?? '');
  const [terminalId, setTerminalId] = useState('');
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<ImportResultDto | null>(null);
  const ofOffice = terminals.filter((t) => t.status === 'accepted' && t.office?.id === officeId);

  const send = (data: { name: string; data: string }, dryRun: boolean, target = { officeId, terminalId }) =>
    postFile<ImportResultDto>(
      '/api/attendance/import',
      { filename: data.name, file: data.data, officeId: target.officeId, terminalId: target.terminalId || null },
      dryRun,
      setProgress,
    );

  const check = async (data: { name: string; data: string }, target = { officeId, terminalId }) => {
    setResult(null);
    try {
      setResult(await send(data, true, target));
    } catch (err) {
      void alertDialog('error', 'File Ditolak', errorMessage(err, 'Gagal memeriksa file'));
    } finally {
      setProgress(null);
    }
  };

  const choose = async (chosen: File) => {
    try {
      const data = { name: chosen.name, data: await readAsDataUrl(chosen, setProgress, FILE_LIMIT) };
      setFile(data);
      await check(data);
    } catch (err) {
      setFile(null);
      setProgress(null);
      void alertDialog('error', 'File Ditolak', errorMessage(err, 'Gagal membaca file'));
    }
  };

  /** Another office or terminal changes what the lines mean: the dry run runs again for it. */
  const retarget = (target: { officeId: string; terminalId: string }) => {
    setOfficeId(target.officeId);
    setTerminalId(target.terminalId);
    if (file) void check(file, target);
  };

  const commit = async () => {
    if (!file) return;
    try {
      const res = await send(file, false);
      setResult(res);
      onImported();
      void alertDialog('success', 'Impor Berhasil', res.message);
    } catch (err) {
      void alertDialog('error', 'Gagal Impor', errorMessage(err, 'Gagal menyimpan impor'));
    } finally {
      setProgress(null);
    }
  };

  const committed = !!result && !result.dryRun;
  const ready = !!result && result.dryRun && result.errors.length === 0 && result.counts.new > 0;
  return (
    <Modal id="attendance-import" title="Unggah File Absensi" onClose={onClose} wide>
      <div className="space-y-3 p-6">
        <p className="text-sm text-slate-700">
          Unggah file attlog (.dat/.txt) dari USB mesin absensi, atau CSV hasil ekspor mesin. File diperiksa dulu dan belum disimpan sampai
          Anda menekan Simpan Impor. File yang sama diunggah dua kali tidak mencatat apa pun dua kali.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            id="import-office"
            label="Kantor"
            hint="Jam di file dibaca sebagai jam dinding kantor ini"
            value={officeId}
            disabled={!!progress || committed}
            onChange={(e) => retarget({ officeId: e.target.value, terminalId: '' })}
          >
            {offices.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="import-terminal"
            label="Mesin"
            value={terminalId}
            disabled={!!progress || committed}
            onChange={(e) => retarget({ officeId, terminalId: e.target.value })}
          >
            <option value="">Tanpa mesin terdaftar</option>
            {ofOffice.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name ?? t.serialNumber}
              </option>
            ))}
          </SelectField>
        </div>
        <label className="block text-sm font-medium text-slate-700">
          File absensi (attlog .dat/.txt atau CSV, maksimal 4 MB)
          <input
            type="file"
            accept=".dat,.txt,.csv,text/plain,text/csv"
            className="mt-1 block w-full text-sm"
            disabled={!!progress || committed || !officeId}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void choose(f);
              e.target.value = '';
            }}
          />
        </label>
        {file ? <p className="text-sm text-slate-600">File: {file.name}</p> : null}
        {progress ? <ProgressBar progress={progress} /> : null}
        {result ? <ResultView result={result} /> : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={!!progress}>
            {committed ? 'Tutup' : 'Batal'}
          </Button>
          {committed ? null : (
            <Button onClick={() => void commit()} disabled={!ready || !!progress}>
              <Upload className="h-4 w-4" aria-hidden /> Simpan Impor
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
