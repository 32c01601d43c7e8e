// Every /api route in the OpenAPI document (docs/integrations.md), keyed 'METHOD dir' as under app/api.
// The schemas are the very zod objects the routes validate with (imported from the same modules), so the
// document cannot describe another input than the one the route accepts: tests/integration/openapi.test.ts
// walks every route file on disk and fails when a route or method is missing here, or when a route's
// declared caller or schemas (route()'s `spec`) are not the ones listed. A new route adds its line here.
// `credential: 'kiosk'`: a kiosk's own route (docs/kiosk.md), which reads the body itself after the kiosk's credential.
import type { AuthSpec } from '@/lib/server/http';
import type { ZodType } from 'zod';
import * as antiFraudAntiFraudV from '@/features/anti-fraud/validation/anti-fraud';
import * as antiFraudDevicesV from '@/features/anti-fraud/validation/devices';
import * as approvalsApprovalsV from '@/features/approvals/validation/approvals';
import * as attendanceAttendanceV from '@/features/attendance/validation/attendance';
import * as auditAuditV from '@/features/audit/validation/audit';
import * as authAuthV from '@/features/auth/validation/auth';
import * as calendarCalendarV from '@/features/calendar/validation/calendar';
import * as calendarRosterSwapsV from '@/features/calendar/validation/roster-swaps';
import * as correctionsCorrectionsV from '@/features/corrections/validation/corrections';
import * as dailyCloseDailyCloseV from '@/features/daily-close/validation/daily-close';
import * as divisionsDivisionsV from '@/features/divisions/validation/divisions';
import * as employeesImportV from '@/features/employees/validation/import';
import * as employeesInvitesV from '@/features/employees/validation/invites';
import * as employeesRegistrationV from '@/features/employees/validation/registration';
import * as employeesUsersV from '@/features/employees/validation/users';
import * as exportsV from '@/lib/validation/exports';
import * as faceFaceStatusV from '@/features/face/validation/face-status';
import * as faceFaceV from '@/features/face/validation/face';
import * as httpV from '@/lib/server/http';
import * as integrationsApiKeysV from '@/features/integrations/validation/api-keys';
import * as kioskKioskV from '@/features/kiosk/validation/kiosk';
import * as leaveLeaveBalanceExportV from '@/features/leave/validation/leave-balance-export';
import * as leaveLeaveLedgerV from '@/features/leave/validation/leave-ledger';
import * as leaveLeaveV from '@/features/leave/validation/leave';
import * as notificationsNotificationsV from '@/features/notifications/validation/notifications';
import * as overtimeOvertimeV from '@/features/overtime/validation/overtime';
import * as payrollPayrollV from '@/features/payroll/validation/payroll';
import * as periodsPeriodsV from '@/features/periods/validation/periods';
import * as recapGridV from '@/features/recap/validation/grid';
import * as recapRecapV from '@/features/recap/validation/recap';
import * as reportsReportsV from '@/features/reports/validation/reports';
import * as settingsSettingsV from '@/features/settings/validation/settings';
import * as terminalsTerminalsV from '@/features/terminals/validation/terminals';
import * as webhooksWebhooksV from '@/features/webhooks/validation/webhooks';

export type Operation = {
  summary: string;
  auth: AuthSpec;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  credential?: 'kiosk';
};

export const OPERATIONS: Record<string, Operation> = {
  'GET api-keys': { summary: 'GET api-keys', auth: ['admin'] },
  'POST api-keys': { summary: 'POST api-keys', auth: ['admin'], body: integrationsApiKeysV.createApiKeySchema },
  'DELETE api-keys/[id]': { summary: 'DELETE api-keys/[id]', auth: ['admin'], params: httpV.idParam },
  'GET attendance/[id]/photo/[kind]': {
    summary: 'The check-in or check-out JPEG',
    auth: 'user',
    params: attendanceAttendanceV.photoParams,
  },
  'GET attendance/[id]/review': {
    summary: 'Admin/HR decision on a record the face re-check flagged',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
  },
  'POST attendance/[id]/review': {
    summary: 'Admin/HR decision on a record the face re-check flagged',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: faceFaceV.reviewSchema,
  },
  'GET attendance/all': {
    summary: "The contract's list of records, one page of it (`page`, `limit`)",
    auth: ['admin', 'hr'],
    query: reportsReportsV.attendanceListQuerySchema,
  },
  'POST attendance/break': { summary: 'POST attendance/break', auth: ['employee'], body: attendanceAttendanceV.breakPayloadSchema },
  'POST attendance/challenge': {
    summary: 'POST attendance/challenge',
    auth: ['employee'],
    body: attendanceAttendanceV.challengeRequestSchema,
  },
  'POST attendance/check-in': {
    summary: 'POST attendance/check-in',
    auth: ['employee'],
    body: attendanceAttendanceV.attendancePayloadSchema,
  },
  'POST attendance/check-out': {
    summary: 'POST attendance/check-out',
    auth: ['employee'],
    body: attendanceAttendanceV.attendancePayloadSchema,
  },
  'POST attendance/close': {
    summary: 'Runs the daily close of a past day now (admin, HR)',
    auth: ['admin', 'hr'],
    query: correctionsCorrectionsV.closeQuery,
  },
  'GET attendance/days/[userId]': {
    summary: 'The closed days of an employee (docs/daily-close.md)',
    auth: 'user',
    params: attendanceAttendanceV.userIdParam,
    query: correctionsCorrectionsV.daysQuery,
  },
  'GET attendance/export': { summary: 'Riwayat Absensi (admin, HR)', auth: ['admin', 'hr'], query: exportsV.historyExportQuerySchema },
  'GET attendance/history/[userId]': {
    summary: 'A list of entries as the contract says, one page of it (`page`, `limit`)',
    auth: 'user',
    params: attendanceAttendanceV.userIdParam,
    query: attendanceAttendanceV.historyQuerySchema,
  },
  'GET attendance/history/[userId]/export': {
    summary: "One employee's Riwayat Absensi (the owner, admin, HR)",
    auth: 'user',
    params: attendanceAttendanceV.userIdParam,
    query: exportsV.historyExportQuerySchema,
  },
  'POST attendance/import': {
    summary: 'POST attendance/import',
    auth: ['admin', 'hr'],
    query: terminalsTerminalsV.importQuerySchema,
    body: terminalsTerminalsV.attendanceImportSchema,
  },
  'GET attendance/summary/[userId]': {
    summary: "This month's present, absent and leave days and the rate, for the employee dashboard",
    auth: 'user',
    params: attendanceAttendanceV.userIdParam,
  },
  'GET attendance/today/[userId]': { summary: 'GET attendance/today/[userId]', auth: 'user', params: attendanceAttendanceV.userIdParam },
  'GET audit': { summary: 'GET audit', auth: ['admin', 'hr'], query: auditAuditV.auditQuerySchema },
  'GET audit/export': { summary: 'GET audit/export', auth: ['admin', 'hr'], query: auditAuditV.auditQuerySchema },
  'GET audit/kinds': { summary: 'GET audit/kinds', auth: ['admin', 'hr'] },
  'GET auth/[...nextauth]': {
    summary: "next-auth's browser client (SessionProvider, features/auth/components/AuthProvider.tsx) reads the session here",
    auth: 'optional',
    params: authAuthV.nextAuthParams,
  },
  'POST auth/[...nextauth]': {
    summary: "next-auth's browser client (SessionProvider, features/auth/components/AuthProvider.tsx) reads the session here",
    auth: 'optional',
    params: authAuthV.nextAuthParams,
  },
  'POST auth/activate': { summary: 'POST auth/activate', auth: 'public', body: employeesInvitesV.activateSchema },
  'POST auth/login': { summary: 'POST auth/login', auth: 'public', body: authAuthV.loginSchema },
  'POST auth/logout': {
    summary: 'Ends this session on the server (its token is refused from now on) and clears the cookie',
    auth: 'public',
  },
  'GET auth/me': { summary: 'GET auth/me', auth: 'user' },
  'POST auth/register': { summary: 'POST auth/register', auth: 'optional', body: authAuthV.registerPayloadSchema },
  'POST bench/echo': { summary: 'Benchmark baseline (bench/checkin.bench.ts)', auth: 'public' },
  'GET calendar/[userId]': {
    summary: 'GET calendar/[userId]',
    auth: 'user',
    params: attendanceAttendanceV.userIdParam,
    query: calendarCalendarV.calendarQuery,
  },
  'GET corrections': {
    summary: "With `page`, one page with its total in X-Total-Count (the attendance history's convention)",
    auth: 'user',
    query: correctionsCorrectionsV.correctionListQuery,
  },
  'POST corrections': {
    summary: 'A 2 MB attachment is about 2.7 MB of base64',
    auth: 'user',
    body: correctionsCorrectionsV.correctionSchema,
  },
  'GET corrections/[id]/attachment': { summary: 'GET corrections/[id]/attachment', auth: 'user', params: httpV.idParam },
  'PUT corrections/[id]/status': {
    summary: 'PUT corrections/[id]/status',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: correctionsCorrectionsV.correctionDecisionSchema,
  },
  'GET daily-close': {
    summary: "Tutup Harian's month view (admin, HR)",
    auth: ['admin', 'hr'],
    query: dailyCloseDailyCloseV.closeMonthQuery,
  },
  'POST daily-close/run': {
    summary: 'Runs (or re-runs) the daily close of one day or a range (admin, HR)',
    auth: ['admin', 'hr'],
    body: dailyCloseDailyCloseV.closeRunSchema,
  },
  'PUT daily-close/settings': {
    summary: 'The daily close time and its catch-up window (admin, HR)',
    auth: ['admin', 'hr'],
    body: dailyCloseDailyCloseV.closeSettingsSchema,
  },
  'GET dashboard/admin': { summary: 'GET dashboard/admin', auth: ['admin', 'hr'], query: reportsReportsV.dashboardQuery },
  'GET delegates': { summary: 'GET delegates', auth: 'user' },
  'POST delegates': { summary: 'POST delegates', auth: 'user', body: approvalsApprovalsV.delegateSchema },
  'DELETE delegates/[id]': { summary: 'DELETE delegates/[id]', auth: 'user', params: httpV.idParam },
  'GET delegates/candidates': {
    summary: 'Who a supervisor may name as their delegate (Tunjuk Pengganti on Persetujuan Tim)',
    auth: 'user',
    query: approvalsApprovalsV.delegateCandidatesQuery,
  },
  'GET devices': { summary: 'GET devices', auth: 'user', query: antiFraudDevicesV.deviceListQuerySchema },
  'POST devices': { summary: 'POST devices', auth: ['employee'], body: antiFraudDevicesV.registerDeviceSchema },
  'DELETE devices/[id]': { summary: 'DELETE devices/[id]', auth: ['admin'], params: httpV.idParam },
  'GET divisions': { summary: 'GET divisions', auth: ['admin', 'hr'] },
  'POST divisions': { summary: 'POST divisions', auth: ['admin', 'hr'], body: divisionsDivisionsV.divisionSchema },
  'DELETE divisions/[id]': { summary: 'DELETE divisions/[id]', auth: ['admin', 'hr'], params: httpV.idParam },
  'PUT divisions/[id]': {
    summary: 'PUT divisions/[id]',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: divisionsDivisionsV.divisionSchema,
  },
  'POST face/enrol': {
    summary: "Three live captures (JPEG data URLs) and their descriptors become the caller's face reference",
    auth: 'user',
    body: faceFaceV.enrolSchema,
  },
  'GET face/enrolment/[userId]': { summary: 'Enrolment status and dates of one user', auth: 'user', params: faceFaceV.enrolmentUserParam },
  'POST face/enrolment/[userId]': {
    summary: 'Enrolment status and dates of one user',
    auth: ['admin', 'hr'],
    params: faceFaceV.enrolmentUserParam,
    body: faceFaceV.enrolSchema,
  },
  'GET face/enrolment/[userId]/photo/[position]': {
    summary: 'One enrolment photo (personal data',
    auth: 'user',
    params: faceFaceV.enrolmentPhotoParams,
  },
  'POST face/enrolment/[userId]/reset': { summary: 'Admin', auth: ['admin'], params: faceFaceV.enrolmentUserParam },
  'GET face/me': { summary: "The caller's own enrolment status (no photos, no descriptor)", auth: 'user' },
  'GET face/status': { summary: 'GET face/status', auth: ['admin', 'hr'], query: faceFaceStatusV.faceStatusQuery },
  'POST face/status/remind': { summary: 'POST face/status/remind', auth: ['admin', 'hr'], body: faceFaceStatusV.faceRemindSchema },
  'GET health': { summary: 'GET health', auth: 'public' },
  'GET holidays': { summary: 'GET holidays', auth: 'user', query: calendarCalendarV.yearQuery },
  'POST holidays': { summary: 'POST holidays', auth: ['admin', 'hr'], body: calendarCalendarV.holidaySchema },
  'DELETE holidays/[id]': { summary: 'DELETE holidays/[id]', auth: ['admin', 'hr'], params: httpV.idParam },
  'PUT holidays/[id]': {
    summary: 'PUT holidays/[id]',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: calendarCalendarV.holidaySchema,
  },
  'POST holidays/prefill': { summary: 'POST holidays/prefill', auth: ['admin', 'hr'], body: calendarCalendarV.prefillSchema },
  'POST kiosk/identify': { summary: 'POST kiosk/identify', auth: 'public', body: kioskKioskV.identifySchema, credential: 'kiosk' },
  'GET kiosk/me': { summary: 'GET kiosk/me', auth: 'public', credential: 'kiosk' },
  'POST kiosk/not-me': { summary: 'POST kiosk/not-me', auth: 'public', body: kioskKioskV.notMeSchema, credential: 'kiosk' },
  'POST kiosk/offline': { summary: 'POST kiosk/offline', auth: 'public', body: kioskKioskV.offlineBatchSchema, credential: 'kiosk' },
  'POST kiosk/pair': { summary: 'POST kiosk/pair', auth: 'public', body: kioskKioskV.pairSchema },
  'POST kiosk/punch': { summary: 'POST kiosk/punch', auth: 'public', body: kioskKioskV.kioskPunchSchema, credential: 'kiosk' },
  'GET kiosks': { summary: 'GET kiosks', auth: ['admin'] },
  'POST kiosks': { summary: 'POST kiosks', auth: ['admin'], body: kioskKioskV.createKioskSchema },
  'DELETE kiosks/[id]': { summary: 'DELETE kiosks/[id]', auth: ['admin'], params: httpV.idParam },
  'PUT kiosks/[id]': { summary: 'PUT kiosks/[id]', auth: ['admin'], params: httpV.idParam, body: kioskKioskV.renameKioskSchema },
  'GET leave-types': { summary: 'GET leave-types', auth: 'user' },
  'POST leave-types': { summary: 'POST leave-types', auth: ['admin', 'hr'], body: leaveLeaveLedgerV.leaveTypeSchema },
  'PUT leave-types/[id]': {
    summary: 'PUT leave-types/[id]',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: leaveLeaveLedgerV.leaveTypeSchema,
  },
  'GET leaves/[id]/attachment': { summary: 'GET leaves/[id]/attachment', auth: 'user', params: httpV.idParam },
  'POST leaves/[id]/cancel': {
    summary: 'POST leaves/[id]/cancel',
    auth: 'user',
    params: httpV.idParam,
    body: leaveLeaveLedgerV.leaveCancelSchema,
  },
  'PUT leaves/[id]/status': { summary: 'Any signed-in user', auth: 'user', params: httpV.idParam, body: leaveLeaveV.leaveStatusSchema },
  'GET leaves/all': { summary: 'Admin and HR', auth: 'user', query: leaveLeaveV.leaveListQuery },
  'POST leaves/apply': { summary: 'An employee for themselves', auth: ['employee', 'admin', 'hr'], body: leaveLeaveV.leaveApplySchema },
  'GET leaves/balance/[userId]': { summary: 'GET leaves/balance/[userId]', auth: 'user', params: leaveLeaveV.userIdParam },
  'GET leaves/balances/export': {
    summary:
      "Saldo Cuti Karyawan as a file (admin, HR): every employee's annual balance (NIK, Nama, Divisi, Kantor, sisa, menunggu persetujuan, masih bisa diajukan, cuti bersama mendatang); format=csv|xlsx|pdf|json, sep=comma, search, officeId, divisionId",
    auth: ['admin', 'hr'],
    query: leaveLeaveBalanceExportV.balanceExportQuery,
  },
  'POST leaves/balance/[userId]/adjust': {
    summary: 'POST leaves/balance/[userId]/adjust',
    auth: ['admin', 'hr'],
    params: leaveLeaveV.userIdParam,
    body: leaveLeaveLedgerV.balanceAdjustSchema,
  },
  'GET leaves/calendar': { summary: 'GET leaves/calendar', auth: 'user', query: leaveLeaveLedgerV.leaveCalendarQuery },
  'GET leaves/stats/[userId]': { summary: 'GET leaves/stats/[userId]', auth: 'user', params: leaveLeaveV.userIdParam },
  'GET leaves/user/[userId]': { summary: 'GET leaves/user/[userId]', auth: 'user', params: leaveLeaveV.userIdParam },
  'GET notifications': {
    summary: "One's own notifications, newest first, paged, with the unread count (docs/notifications.md)",
    auth: 'user',
    query: notificationsNotificationsV.inboxQuery,
  },
  'GET notifications/failed': { summary: 'Notifikasi Gagal', auth: ['admin'] },
  'POST notifications/failed/[id]/resend': { summary: 'POST notifications/failed/[id]/resend', auth: ['admin'], params: httpV.idParam },
  'GET notifications/preferences': { summary: 'GET notifications/preferences', auth: 'user' },
  'PUT notifications/preferences': {
    summary: 'PUT notifications/preferences',
    auth: 'user',
    body: notificationsNotificationsV.preferencesSchema,
  },
  'POST notifications/read': { summary: 'POST notifications/read', auth: 'user', body: notificationsNotificationsV.markReadSchema },
  'GET notifications/settings': { summary: "The company's channels and reminders (docs/notifications.md)", auth: ['admin'] },
  'PUT notifications/settings': {
    summary: 'PUT notifications/settings',
    auth: ['admin'],
    body: notificationsNotificationsV.notificationSettingsSchema,
  },
  'GET offices': { summary: 'GET offices', auth: 'user', query: calendarCalendarV.officeListQuery },
  'POST offices': { summary: 'POST offices', auth: ['admin'], body: calendarCalendarV.officeSchema },
  'DELETE offices/[id]': { summary: 'DELETE offices/[id]', auth: ['admin'], params: httpV.idParam },
  'PUT offices/[id]': { summary: 'PUT offices/[id]', auth: ['admin'], params: httpV.idParam, body: calendarCalendarV.officeSchema },
  'GET openapi.json': { summary: 'This document: the OpenAPI 3.1 description of every /api route', auth: 'public' },
  'GET overtime': { summary: 'Lists are scoped in the service', auth: 'user', query: overtimeOvertimeV.overtimeListQuerySchema },
  'POST overtime': {
    summary: 'An own request, admin/HR assigning overtime to another employee, or (onBehalf) recording it for them',
    auth: 'user',
    body: overtimeOvertimeV.overtimeCreateSchema,
  },
  'POST overtime/[id]/consent': {
    summary: 'The assigned employee only (checked in the service)',
    auth: 'user',
    params: httpV.idParam,
    body: overtimeOvertimeV.overtimeConsentSchema,
  },
  'POST overtime/[id]/convert': {
    summary: 'The employee, or admin/HR for them, under the company\'s pilihan or cuti setting (docs/overtime.md, "Cuti pengganti")',
    auth: 'user',
    params: httpV.idParam,
  },
  'PUT overtime/[id]/status': {
    summary: 'Any signed-in user',
    auth: 'user',
    params: httpV.idParam,
    body: overtimeOvertimeV.overtimeStatusSchema,
  },
  'GET overtime/recap/[userId]': {
    summary: 'GET overtime/recap/[userId]',
    auth: 'user',
    params: attendanceAttendanceV.userIdParam,
    query: overtimeOvertimeV.overtimeRecapQuerySchema,
  },
  'GET payroll-presets': { summary: 'GET payroll-presets', auth: ['admin', 'hr'] },
  'POST payroll-presets': { summary: 'POST payroll-presets', auth: ['admin'], body: payrollPayrollV.payrollPresetSchema },
  'DELETE payroll-presets/[id]': { summary: 'DELETE payroll-presets/[id]', auth: ['admin'], params: httpV.idParam },
  'PUT payroll-presets/[id]': {
    summary: 'PUT payroll-presets/[id]',
    auth: ['admin'],
    params: httpV.idParam,
    body: payrollPayrollV.payrollPresetSchema,
  },
  'GET periods': { summary: 'GET periods', auth: ['admin', 'hr'], query: periodsPeriodsV.periodsQuery },
  'POST periods/[month]/close': {
    summary: 'POST periods/[month]/close',
    auth: ['admin', 'hr'],
    params: periodsPeriodsV.periodParams,
    body: periodsPeriodsV.closePeriodSchema,
  },
  'POST periods/[month]/reopen': {
    summary: 'POST periods/[month]/reopen',
    auth: ['admin', 'hr'],
    params: periodsPeriodsV.periodParams,
    body: periodsPeriodsV.reopenPeriodSchema,
  },
  'POST push/subscriptions': {
    summary: "This browser's web push subscription (docs/notifications.md)",
    auth: 'user',
    body: notificationsNotificationsV.pushSubscriptionSchema,
  },
  'DELETE push/subscriptions/[id]': { summary: 'DELETE push/subscriptions/[id]', auth: 'user', params: httpV.idParam },
  'GET recap': { summary: 'Rekap Bulanan (admin, HR)', auth: ['admin', 'hr'], query: recapRecapV.recapQuery },
  'GET recap/[userId]': {
    summary: "One employee's month, day by day (the owner, admin, HR)",
    auth: 'user',
    params: recapRecapV.recapUserParams,
    query: recapRecapV.recapUserQuery,
  },
  'GET recap/export': { summary: 'Rekap Bulanan (admin, HR)', auth: ['admin', 'hr'], query: recapRecapV.recapExportQuery },
  'GET recap/grid': { summary: 'Absensi Bulanan (admin, HR)', auth: ['admin', 'hr'], query: recapGridV.gridQuery },
  'GET recap/payroll': { summary: 'File penggajian (admin, HR)', auth: ['admin', 'hr'], query: payrollPayrollV.payrollFileQuery },
  'GET reports/employees': { summary: 'GET reports/employees', auth: ['admin', 'hr'] },
  'GET reports/summary': { summary: 'GET reports/summary', auth: ['admin', 'hr'], query: reportsReportsV.reportPeriodSchema },
  'GET roster': { summary: 'GET roster', auth: ['admin', 'hr'], query: calendarCalendarV.rosterQuery },
  'PUT roster': { summary: 'PUT roster', auth: ['admin', 'hr'], body: calendarCalendarV.rosterUpdateSchema },
  'GET roster/swaps': { summary: 'Tukar Jadwal (docs/calendar.md)', auth: 'user', query: calendarRosterSwapsV.swapListQuery },
  'POST roster/swaps': { summary: 'POST roster/swaps', auth: 'user', body: calendarRosterSwapsV.swapCreateSchema },
  'PUT roster/swaps/[id]/status': { summary: 'consent', auth: 'user', params: httpV.idParam, body: calendarRosterSwapsV.swapStatusSchema },
  'GET schedules': { summary: 'GET schedules', auth: ['admin', 'hr'] },
  'POST schedules': { summary: 'POST schedules', auth: ['admin', 'hr'], body: calendarCalendarV.scheduleSchema },
  'DELETE schedules/[id]': { summary: 'DELETE schedules/[id]', auth: ['admin', 'hr'], params: httpV.idParam },
  'PUT schedules/[id]': {
    summary: 'PUT schedules/[id]',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: calendarCalendarV.scheduleSchema,
  },
  'POST schedules/[id]/assign': {
    summary: 'POST schedules/[id]/assign',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: calendarCalendarV.assignmentSchema,
  },
  'GET schedules/assignments': {
    summary:
      'The assignments, newest start first; `q` searches name, NIK and e-mail. With `page` (and `limit`, default 20, at most 200), one page with its total in X-Total-Count',
    auth: ['admin', 'hr'],
    query: calendarCalendarV.assignmentListQuery,
  },
  'DELETE schedules/assignments/[id]': { summary: 'DELETE schedules/assignments/[id]', auth: ['admin', 'hr'], params: httpV.idParam },
  'GET settings': { summary: 'GET settings', auth: 'user' },
  'PUT settings': { summary: 'PUT settings', auth: ['admin'], body: settingsSettingsV.generalSettingsSchema },
  'GET settings/anti-fraud': {
    summary: "Accuracy ceiling, clock tolerance, device policy and each office's IP allow-list (docs/anti-fraud.md)",
    auth: ['admin', 'hr'],
  },
  'PUT settings/anti-fraud': { summary: 'PUT settings/anti-fraud', auth: ['admin'], body: antiFraudAntiFraudV.antiFraudSettingsSchema },
  'GET settings/approvals': { summary: 'GET settings/approvals', auth: 'user' },
  'PUT settings/approvals': { summary: 'PUT settings/approvals', auth: ['admin', 'hr'], body: approvalsApprovalsV.approvalSettingsSchema },
  'PUT settings/cuti-bersama-policy': {
    summary: 'PUT settings/cuti-bersama-policy',
    auth: ['admin', 'hr'],
    body: calendarCalendarV.policySchema,
  },
  'GET settings/employee-working-hours': { summary: 'GET settings/employee-working-hours', auth: 'user' },
  'PUT settings/employee-working-hours': {
    summary: 'PUT settings/employee-working-hours',
    auth: ['admin', 'hr'],
    body: settingsSettingsV.employeeWorkingHoursSchema,
  },
  'GET settings/leave-policy': { summary: 'GET settings/leave-policy', auth: 'user' },
  'PUT settings/leave-policy': { summary: 'PUT settings/leave-policy', auth: ['admin', 'hr'], body: leaveLeaveLedgerV.leavePolicySchema },
  'GET settings/office-location': { summary: 'GET settings/office-location', auth: 'user' },
  'PUT settings/office-location': {
    summary: 'PUT settings/office-location',
    auth: ['admin'],
    body: settingsSettingsV.officeLocationPayloadSchema,
  },
  'GET settings/overtime': { summary: 'GET settings/overtime', auth: 'user' },
  'PUT settings/overtime': { summary: 'PUT settings/overtime', auth: ['admin', 'hr'], body: overtimeOvertimeV.overtimeSettingsSchema },
  'GET settings/registration': { summary: 'Who may self-register', auth: ['admin'] },
  'PUT settings/registration': {
    summary: 'PUT settings/registration',
    auth: ['admin'],
    body: employeesRegistrationV.registrationPolicySchema,
  },
  'GET terminals': { summary: 'GET terminals', auth: ['admin', 'hr'] },
  'DELETE terminals/[id]': { summary: 'DELETE terminals/[id]', auth: ['admin'], params: httpV.idParam },
  'PUT terminals/[id]': {
    summary: 'PUT terminals/[id]',
    auth: ['admin'],
    params: httpV.idParam,
    body: terminalsTerminalsV.terminalUpdateSchema,
  },
  'GET users': { summary: 'GET users', auth: ['admin', 'hr'], query: employeesUsersV.listUsersQuery },
  'DELETE users/[id]': { summary: 'DELETE users/[id]', auth: ['admin', 'hr'], params: httpV.idParam },
  'PUT users/[id]': { summary: 'PUT users/[id]', auth: ['admin', 'hr'], params: httpV.idParam, body: employeesUsersV.updateUserSchema },
  'POST users/[id]/approve': { summary: 'POST users/[id]/approve', auth: ['admin'], params: httpV.idParam },
  'DELETE users/[id]/invite': { summary: 'DELETE users/[id]/invite', auth: ['admin', 'hr'], params: httpV.idParam },
  'GET users/[id]/invite': { summary: 'GET users/[id]/invite', auth: ['admin', 'hr'], params: httpV.idParam },
  'POST users/[id]/invite': {
    summary:
      'A new one-time activation link (the open one revoked); send: also by e-mail and WhatsApp through the outbox (docs/onboarding.md)',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: employeesInvitesV.inviteSchema,
  },
  'POST users/[id]/reactivate': { summary: 'POST users/[id]/reactivate', auth: ['admin', 'hr'], params: httpV.idParam },
  'POST users/[id]/reset-password': {
    summary: 'POST users/[id]/reset-password',
    auth: ['admin', 'hr'],
    params: httpV.idParam,
    body: employeesUsersV.resetPasswordSchema,
  },
  'POST users/[id]/unlock': { summary: 'Admin only', auth: ['admin'], params: httpV.idParam },
  'GET users/export': { summary: 'GET users/export', auth: ['admin', 'hr'], query: employeesImportV.exportQuerySchema },
  'POST users/import': {
    summary: 'POST users/import',
    auth: ['admin', 'hr'],
    query: employeesImportV.importQuerySchema,
    body: employeesImportV.importBodySchema,
  },
  'GET users/import/template': { summary: 'GET users/import/template', auth: ['admin', 'hr'], query: employeesImportV.exportQuerySchema },
  'POST users/invites': {
    summary: 'New activation links for these people as a printable PDF with a QR code each (docs/onboarding.md)',
    auth: ['admin', 'hr'],
    body: employeesInvitesV.invitePrintSchema,
  },
  'GET users/login-locks': { summary: 'Admin only', auth: ['admin'] },
  'GET users/pending': {
    summary: "Self-registered accounts waiting for an admin's approval (registration policy 'approval')",
    auth: ['admin'],
  },
  'PUT users/profile/change-password': { summary: 'Every other session ends', auth: 'user', body: employeesUsersV.changePasswordSchema },
  'PUT users/profile/update': { summary: 'PUT users/profile/update', auth: 'user', body: employeesUsersV.profileUpdateSchema },
  'GET webhooks': { summary: 'Webhooks (docs/webhooks.md)', auth: ['admin'] },
  'POST webhooks': { summary: 'POST webhooks', auth: ['admin'], body: webhooksWebhooksV.webhookSchema },
  'DELETE webhooks/[id]': { summary: 'DELETE webhooks/[id]', auth: ['admin'], params: httpV.idParam },
  'PUT webhooks/[id]': { summary: 'PUT webhooks/[id]', auth: ['admin'], params: httpV.idParam, body: webhooksWebhooksV.webhookSchema },
  'GET webhooks/[id]/deliveries': { summary: 'The delivery log of a webhook', auth: ['admin'], params: httpV.idParam },
  'POST webhooks/deliveries/[id]/resend': { summary: 'POST webhooks/deliveries/[id]/resend', auth: ['admin'], params: httpV.idParam },
};
