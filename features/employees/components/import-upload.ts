// Sending an import file (docs/onboarding.md; the attendance machines' attlog upload, docs/terminals.md,
// uses it too): read as a data URL, posted with XMLHttpRequest so the page can show the upload's progress
// (fetch cannot), then the server's answer. Same origin, the session cookie.
import type { ImportResultDto } from '@/features/employees/types/import';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@/features/employees/validation/import';

export type Progress = { phase: 'membaca' | 'mengunggah' | 'memeriksa' | 'menyimpan'; percent: number | null };

/** The file's size limit and what to say when it is over it or empty (the employee import's by default). */
export type FileLimit = { bytes: number; tooLarge: string; empty: string };
const EMPLOYEE_FILE: FileLimit = { bytes: IMPORT_MAX_BYTES, tooLarge: IMPORT_MESSAGES.tooLarge, empty: IMPORT_MESSAGES.empty };

export function readAsDataUrl(file: File, onProgress: (p: Progress) => void, limit: FileLimit = EMPLOYEE_FILE): Promise<string> {
  if (file.size > limit.bytes) return Promise.reject(new Error(limit.tooLarge));
  if (file.size === 0) return Promise.reject(new Error(limit.empty));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) =>
      onProgress({ phase: 'membaca', percent: e.lengthComputable ? Math.round((e.loaded / e.total) * 100) : null });
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Berkas tidak dapat dibaca'));
    reader.readAsDataURL(file);
  });
}

export function postImport(
  body: { filename: string; file: string; sendInvites?: boolean },
  dryRun: boolean,
  onProgress: (p: Progress) => void,
): Promise<ImportResultDto> {
  return postFile<ImportResultDto>('/api/users/import', body, dryRun, onProgress);
}

/** POSTs a JSON body carrying a file to `path` (`?dryRun=1` for a dry run), reporting the upload's progress. */
export function postFile<T>(path: string, body: object, dryRun: boolean, onProgress: (p: Progress) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${path}${dryRun ? '?dryRun=1' : ''}`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.withCredentials = true;
    xhr.timeout = 120_000;
    const work = dryRun ? 'memeriksa' : 'menyimpan';
    xhr.upload.onprogress = (e) => {
      const percent = e.lengthComputable ? Math.round((e.loaded / e.total) * 100) : null;
      onProgress(percent === 100 ? { phase: work, percent: null } : { phase: 'mengunggah', percent });
    };
    xhr.upload.onload = () => onProgress({ phase: work, percent: null });
    xhr.onload = () => {
      let data: { error?: string } = {};
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: the status says it */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new Error(data.error || `Gagal mengimpor (status ${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('Koneksi jaringan bermasalah. Silakan coba lagi.'));
    xhr.ontimeout = () => reject(new Error('Waktu habis. Silakan coba lagi.'));
    xhr.send(JSON.stringify(body));
  });
}
