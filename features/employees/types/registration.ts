// Self-registration (Pengaturan → Pendaftaran) as the API returns it: the policy and the accounts waiting for approval.
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { RegistrationPolicy } from '@/features/employees/validation/registration';

export type RegistrationPolicyDto = {
  policy: RegistrationPolicy;
  domains: string[];
  /** On: imported people get the default password (to be changed at first sign-in); off: only an activation link. */
  defaultPasswordOnboarding: boolean;
};

/** An account waiting for approval, as the admin's list shows it. */
export type PendingAccountDto = { id: string; name: string; email: string; position: string; createdAt: string };
