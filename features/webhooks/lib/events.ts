// The events a webhook can receive (docs/webhooks.md), with the Indonesian label the admin page shows.
export const WEBHOOK_EVENTS = ['attendance.recorded', 'leave.decided', 'overtime.decided', 'period.closed', 'period.reopened'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'attendance.recorded': 'Absensi tercatat (check-in / check-out)',
  'leave.decided': 'Cuti diputuskan',
  'overtime.decided': 'Lembur diputuskan',
  'period.closed': 'Periode ditutup',
  'period.reopened': 'Periode dibuka kembali',
};
