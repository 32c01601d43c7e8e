// Who may do what, spelled once. Services call these before any read or write of another person's data;
// a route's `auth` (lib/server/http.ts) is the coarse first gate, these are the rule (docs/architecture.md).
//   staff       = admin or HR: read everyone, decide leave and reviews, keep the calendar running;
//   admin       = the company's configuration and accounts;
//   self        = the signed-in person's own data (an employee sees only theirs);
//   not self    = nobody decides their own case (approve their own leave, confirm their own attendance);
//   only self   = nobody acts in another person's name (a check-in or check-out is always one's own);
//   employee    = what only an employee does (ask for leave: admins and HR have no leave of their own).
//   decision    = a supervisor-then-HR decision (leave, overtime): whose step it is, or the refusal;
//                 two steps are two people, and a supervisor's step never stalls (docs/leave.md).
// Each assertion throws the 403 of lib/server/errors.ts with the caller's message, or the generic one.
import { conflict, forbidden, type CodeFor } from '@/lib/server/errors';
import type { Role } from '@/lib/roles';

type Actor = { id: string; role: Role | string };

/** The roles that see and manage everyone's attendance and leave. */
export const STAFF_ROLES = ['admin', 'hr'] as const satisfies readonly Role[];

/** Admin or HR. Takes a user or a bare role. */
export function isStaff(who: Pick<Actor, 'role'> | Role | string): boolean {
  const role = typeof who === 'string' ? who : who.role;
  return role === 'admin' || role === 'hr';
}

export const isAdmin = (actor: Pick<Actor, 'role'>): boolean => actor.role === 'admin';

/** Staff, or the person the data belongs to. */
export const isSelfOrStaff = (actor: Actor, userId: string): boolean => actor.id === userId || isStaff(actor);

export function assertStaff(actor: Pick<Actor, 'role'>, message?: string): void {
  if (!isStaff(actor)) throw forbidden(message);
}

export function assertAdmin(actor: Pick<Actor, 'role'>, message?: string): void {
  if (!isAdmin(actor)) throw forbidden(message);
}

export function assertSelfOrStaff(actor: Actor, userId: string, message?: string): void {
  if (!isSelfOrStaff(actor, userId)) throw forbidden(message);
}

/** Refuses a decision on one's own case (`ownerId` is whose case it is). */
export function assertNotSelf(actor: Pick<Actor, 'id'>, ownerId: string, message?: string): void {
  if (actor.id === ownerId) throw forbidden(message);
}

/** Refuses acting in another person's name (`userId` is whose name the request uses). */
export function assertSelf(actor: Pick<Actor, 'id'>, userId: string, message?: string): void {
  if (actor.id !== userId) throw forbidden(message);
}

/** Employees only (not admin or HR). */
export function assertEmployee(actor: Pick<Actor, 'role'>, message?: string): void {
  if (actor.role !== 'employee') throw forbidden(message);
}

/** The step of a supervisor-then-HR decision: the supervisor's (atasan), then HR's or an admin's. */
export type DecisionStep = 'atasan' | 'hr';

/** What a decision is refused with, in the feature's own words (its validation MSG). */
export type DecisionRefusals = {
  /** The owner deciding their own case (403). */
  own: string;
  /** The supervisor's step, taken by someone who is neither the supervisor, their delegate, nor admin or HR (403). */
  notSupervisor: string;
  /** Admin or HR on a pending supervisor step without a reason, while the supervisor is there and not late (409, `awaitingCode`). */
  awaitingSupervisor: string;
  awaitingCode: CodeFor<409>;
  /** HR's step, taken by the supervisor who already approved (403). */
  supervisorDone: string;
  /** HR's step, taken by anyone else who is not admin or HR (403). */
  notStaff: string;
  /** HR's step, taken by the admin or HR who took the supervisor's step (403): two steps are two people. */
  sameApprover: string;
  /** HR's step, taken by whoever filed or assigned the case for the employee (403). */
  ownFiling?: string;
};

/**
 * Who else may take a pending supervisor step today (docs/leave.md, "Nothing stalls"), worked out by the
 * caller (features/approvals/server/routing.ts): the supervisor's delegate for today, whether the
 * supervisor is on approved leave with no delegate (the step is then HR's), whether the step waited
 * longer than the company's escalation days (HR may take it).
 */
export type DecisionRoute = { delegateId?: string | null; supervisorAway?: boolean; escalated?: boolean };

/** The step, and whether it is taken in the supervisor's place (a delegate, or admin/HR). */
export type Decision = { step: DecisionStep; inPlaceOf: boolean };

/**
 * Whose step a decision on someone's case is (docs/leave.md, docs/overtime.md). With a supervisor
 * (User.supervisorId) who has not approved yet, it is the supervisor's ('atasan'): taken by the supervisor,
 * by their delegate, or by admin or HR in the supervisor's place, which needs a `reason` unless the
 * supervisor is away or the step has escalated (409 otherwise). Then it is HR's or an admin's ('hr'), never
 * taken by whoever took the supervisor's step nor by whoever filed the case for the employee. An
 * assignment (`origin` 'assignment') has no supervisor step. Nobody decides their own case; a case
 * already decided is the caller's refusal, after this one.
 */
export function decisionStep(
  actor: Actor,
  c: {
    ownerId: string;
    supervisorId: string | null;
    supervisorApprovedAt: Date | null;
    supervisorApprovedById?: string | null;
    filedById?: string | null;
    origin?: string;
    status: string;
  },
  refuse: DecisionRefusals,
  opts: { route?: DecisionRoute; reason?: string | null } = {},
): Decision {
  assertNotSelf(actor, c.ownerId, refuse.own);
  const route = opts.route ?? {};
  const supervisorStep = (c.origin ?? 'request') === 'request' && !!c.supervisorId && !c.supervisorApprovedAt;
  if (supervisorStep) {
    if (actor.id === c.supervisorId) return { step: 'atasan', inPlaceOf: false };
    if (route.delegateId && actor.id === route.delegateId) return { step: 'atasan', inPlaceOf: true };
    if (!isStaff(actor)) throw forbidden(refuse.notSupervisor);
    if (c.status === 'pending' && !route.supervisorAway && !route.escalated && !opts.reason?.trim())
      throw conflict(refuse.awaitingSupervisor, refuse.awaitingCode);
    return { step: 'atasan', inPlaceOf: true };
  }
  if (!isStaff(actor)) throw forbidden(actor.id === c.supervisorId ? refuse.supervisorDone : refuse.notStaff);
  if (c.supervisorApprovedById && actor.id === c.supervisorApprovedById) throw forbidden(refuse.sameApprover);
  if (refuse.ownFiling && c.filedById && actor.id === c.filedById) throw forbidden(refuse.ownFiling);
  return { step: 'hr', inPlaceOf: false };
}
