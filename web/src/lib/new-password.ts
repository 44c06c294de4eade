/**
 * The new-password rule (12 characters, not guessable: shared/schemas/password.ts), the same check
 * and message as the API. Its dictionaries are large, so the module loads on first use, not with
 * the page.
 */
export async function newPasswordProblem(password: string): Promise<string | null> {
  const rule = await import('@shared/schemas/password');
  return rule.newPasswordProblem(password);
}
