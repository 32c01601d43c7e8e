'use client';
// Impor karyawan on Kelola Karyawan (docs/onboarding.md): download the template or an export, choose a
// file, see the dry run (every row's outcome, every error with its row and column) and only then save.
// The progress bar follows reading and uploading the file, then the server's check.
import { useState } from 'react';
import { Download, Upload } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { alertDialog } from '@/lib/ui/alerts';
import { errorMessage } from '@/lib/api-client';
import { postImport, readAsDataUrl, type Progress } from '@/features/employees/components/import-upload';
import { announceSaved } from '@/features/periods/components/saved-notice';
import type { ImportResultDto, ImportRowStatus } from '@/features/employees/types/import';

const STATUS: Record<ImportRowStatus, { label: string; cls: string }> = {
  baru: { label: 'Baru', cls: 'bg-green-100 text-green-800' },
  diubah: { label: 'Diubah', cls: 'bg-amber-100 text-amber-800' },
  tanpa_perubahan: { label: 'Tanpa perubahan', cls: 'bg-slate-100 text-slate-700' },
  galat: { label: 'Galat', cls: 'bg-red-100 text-red-800' },
};
const PHASE: Record<Progress['phase'], string> = {
  membaca: 'Membaca berkas',
  mengunggah: 'Mengunggah',
  memeriksa: 'Memeriksa data',
  menyimpan: 'Menyimpan',
};

export function ProgressBar({ progress }: { progress: Progress }) {
  return (
    <div
      className="my-3"
      role="progressbar"
      aria-label={PHASE[progress.phase]}
      aria-valuenow={progress.percent ?? undefined}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <p className="mb-1 text-sm text-slate-700">
        {PHASE[progress.phase]}
        {progress.percent !== null ? ` ${progress.percent}%` : '…'}
      </p>
      <div className="h-2 overflow-hidden rounded bg-slate-200">
        <div
          className={`h-2 bg-blue-600 ${progress.percent === null ? 'w-1/3 animate-pulse' : ''}`}
          style={progress.percent !== null ? { width: `${progress.percent}%` } : undefined}
        />
      </div>
    </div>
  );
}

function ResultView({ result }: { result: ImportResultDto }) {
  return (
    <div className="space-y-3">
      <p
        className={`rounded-lg p-3 text-sm ${result.errors.length ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
        role="status"
      >
        {result.message}
      </p>
      {result.dryRun && result.periodNotice ? (
        // Before saving: the closed months the import would reach keep their days (docs/periods.md).
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="note" aria-label="Periode tertutup">
          Periode tertutup: {result.periodNotice.message}
        </p>
      ) : null}
      {result.newDivisions.length ? <p className="text-sm text-slate-700">Divisi baru: {result.newDivisions.join(', ')}</p> : null}
      {result.errors.length ? (
        <table className="w-full text-left text-sm" aria-label="Kesalahan impor">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1 pr-2">Baris</th>
              <th className="py-1 pr-2">Kolom</th>
              <th className="py-1">Kesalahan</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((e, i) => (
              <tr key={i} className="border-t border-slate-100">
                <td className="py-1 pr-2">{e.row}</td>
                <td className="py-1 pr-2">{e.column}</td>
                <td className="py-1 text-red-700">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="max-h-72 overflow-y-auto">
        <table className="w-full text-left text-sm" aria-label="Hasil pemeriksaan per baris">
          <thead className="sticky top-0 bg-white">
            <tr className="text-slate-500">
              <th className="py-1 pr-2">Baris</th>
              <th className="py-1 pr-2">NIK</th>
              <th className="py-1 pr-2">Nama</th>
              <th className="py-1">Hasil</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.row} className="border-t border-slate-100">
                <td className="py-1 pr-2">{r.row}</td>
                <td className="py-1 pr-2">{r.nik}</td>
                <td className="py-1 pr-2">{r.name}</td>
                <td className="py-1">
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS[r.status].cls}`}>{STATUS[r.status].label}</span>
                  {r.changes.length ? <span className="ml-2 text-xs text-slate-600">{r.changes.join(', ')}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function ImportPanel({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [data, setData] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<ImportResultDto | null>(null);
  const [sendInvites, setSendInvites] = useState(false);

  const check = async (chosen: File) => {
    setFile(chosen);
    setResult(null);
    try {
      const url = await readAsDataUrl(chosen, setProgress);
      setData(url);
      setResult(await postImport({ filename: chosen.name, file: url }, true, setProgress));
    } catch (err) {
      setData(null);
      void alertDialog('error', 'Berkas Ditolak', errorMessage(err, 'Gagal memeriksa berkas'));
    } finally {
      setProgress(null);
    }
  };

  const commit = async () => {
    if (!file || !data) return;
    try {
      const res = await postImport({ filename: file.name, file: data, ...(sendInvites ? { sendInvites } : {}) }, false, setProgress);
      setResult(res);
      if (res.committed) {
        onImported();
        // A closed month the import reached: the dialog says from when the changes apply, and stays until closed.
        announceSaved({ title: 'Impor Berhasil', text: res.message, notice: res.periodNotice });
      }
    } catch (err) {
      void alertDialog('error', 'Gagal Impor', errorMessage(err, 'Gagal menyimpan impor'));
    } finally {
      setProgress(null);
    }
  };

  const ready = result && !result.dryRun ? false : !!result && result.errors.length === 0 && result.counts.baru + result.counts.diubah > 0;
  return (
    <Modal id="employee-import" title="Impor Karyawan" onClose={onClose} wide>
      <div className="space-y-3 p-6">
        <p className="text-sm text-slate-700">
          Unduh template, isi satu baris per karyawan, lalu unggah. Data diperiksa dulu dan belum disimpan sampai Anda menekan Simpan Impor.
        </p>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass.secondary} href="/api/users/import/template?format=xlsx" download>
            <Download className="h-4 w-4" aria-hidden /> Template XLSX
          </a>
          <a className={buttonClass.secondary} href="/api/users/import/template?format=csv" download>
            <Download className="h-4 w-4" aria-hidden /> Template CSV
          </a>
        </div>
        <label className="block text-sm font-medium text-slate-700">
          Berkas karyawan (XLSX atau CSV, maksimal 5 MB)
          <input
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="mt-1 block w-full text-sm"
            disabled={!!progress}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void check(f);
              e.target.value = '';
            }}
          />
        </label>
        {file ? <p className="text-sm text-slate-600">Berkas: {file.name}</p> : null}
        {progress ? <ProgressBar progress={progress} /> : null}
        {result ? <ResultView result={result} /> : null}
        {result && !result.committed && result.counts.baru > 0 ? (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-1"
              checked={sendInvites}
              disabled={!!progress}
              onChange={(e) => setSendInvites(e.target.checked)}
            />
            <span>
              Kirim tautan aktivasi ke {result.counts.baru} karyawan baru (e-mail / WhatsApp)
              <span className="block text-xs text-slate-500">
                Tiap orang membuat password sendiri lewat tautan sekali pakai yang berlaku 7 hari. Yang tidak terjangkau e-mail/WhatsApp
                dapat diberi Kartu Aktivasi.
              </span>
            </span>
          </label>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={!!progress}>
            {result?.committed ? 'Tutup' : 'Batal'}
          </Button>
          {result?.committed ? null : (
            <Button onClick={() => void commit()} disabled={!ready || !!progress}>
              <Upload className="h-4 w-4" aria-hidden /> Simpan Impor
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
