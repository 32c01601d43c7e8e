// Approvals as the API returns them (docs/leave.md): a supervisor's delegates and the company's settings.

export type DelegateDto = {
  id: string;
  supervisorId: string;
  supervisorName: string;
  delegateId: string;
  delegateName: string;
  startDate: string;
  endDate: string;
};

/** Someone a supervisor may name as their delegate. */
export type DelegateCandidateDto = { id: string; name: string; position: string };

/** `singleStep`: one step is enough when the only other approver is the same person; `escalationDays`: working days before HR takes a pending supervisor step (0: never). */
export type ApprovalSettingsDto = { singleStep: boolean; escalationDays: number };
