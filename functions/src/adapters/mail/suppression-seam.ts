/**
 * SEAM (issue 10 ↔ production readiness): alerts ask here whether an address is on the e-mail
 * suppression list (bounces, complaints). The security work adds the real `isSuppressed(email)`;
 * until it is on main this answers "not suppressed". Replace the body with a call to it.
 */
export async function isEmailSuppressed(_email: string): Promise<boolean> {
  return false;
}
