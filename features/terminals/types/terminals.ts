// Attendance machines' DTOs (docs/terminals.md).
export type TerminalDto = {
  id: string;
  serialNumber: string;
  name: string | null;
  status: 'pending' | 'accepted';
  office: { id: string; name: string; timezone: string } | null;
  lastSeenAt: string | null;
  lastIp: string | null;
  pushVersion: string | null;
  acceptedAt: string | null;
  createdAt: string;
  /** Punches stored from this terminal. */
  punches: number;
};

/** A PIN the machines sent that no employee carries: HR gives it to the right person. */
export type UnknownPinDto = { pin: string; punches: number; firstAt: string; lastAt: string; offices: string[] };

export type TerminalListDto = { terminals: TerminalDto[]; unknownPins: UnknownPinDto[] };

/** What one line of an uploaded file does (dry run) or did. */
export type ImportLineDto = {
  line: number;
  pin: string;
  localTime: string;
  outcome: 'check_in' | 'check_out' | 'between' | 'other_source' | 'duplicate' | 'unknown_pin' | 'period_closed';
  userName: string | null;
  workDate: string | null;
};

export type ImportResultDto = {
  dryRun: boolean;
  format: 'attlog' | 'csv';
  office: { id: string; name: string; timezone: string };
  counts: { lines: number; punches: number; errors: number; new: number; duplicates: number; unknownPins: number; periodClosed: number };
  lines: ImportLineDto[];
  errors: { line: number; text: string; message: string }[];
  message: string;
};
