// The report export file (the JSON the reports screen downloads): title, period, summary, employeeStats, exportDate, totalRecords.
import type { ReportDto } from '@/features/reports/types/reports';

export const EXPORT_DELAY_MS = 1000;
export const exportFileName = (today: string) => `laporan-absensi-${today}.json`;

export function reportExport(report: ReportDto, now = new Date()) {
  return {
    title: 'Laporan Absensi Karyawan',
    period: report.summary.dateRange,
    summary: report.summary,
    employeeStats: report.employeeStats,
    exportDate: now.toISOString(),
    totalRecords: report.summary.totalRecords,
  };
}
