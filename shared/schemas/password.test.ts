import { describe, expect, it } from 'vitest';
import { signUpSchema } from './account.js';
import { newPasswordProblem, signUpRequestSchema } from './password.js';
/** The issue's texts, stated here rather than imported, so a change to them fails this test. */
const PASSWORD_TEXTS = {
  tooShort: 'Password must be at least 12 characters long.',
  tooLong: 'Password must be 256 characters or fewer',
  tooWeak: 'This password is too easy to guess. Avoid common passwords, names and patterns: try a few unrelated words.',
} as const;

describe('newPasswordSchema', () => {
  it("refuses passwords shorter than 12 characters with the issue's text", () => {
    expect(newPasswordProblem('Xq7#vB!2pL9')).toBe('Password must be at least 12 characters long.');
  });

  it.each([
    'password1234',
    'Password123!',
    'qwertyuiop123',
    'aaaaaaaaaaaa',
    '123456789012',
    'iloveyou2026',
    'truckyard123',
    'TruckYard!2026',
  ])('refuses the guessable %s as too weak', (weak) => {
    expect(newPasswordProblem(weak)).toBe(PASSWORD_TEXTS.tooWeak);
  });

  it.each(['Haulage!Demo-2026', 'Gearbox-Gravel-Orbit-41', 'correct horse battery staple', 'Lorry-plum-Kettle-88'])(
    'accepts %s (zxcvbn score of 3 or more)',
    (strong) => {
      expect(newPasswordProblem(strong)).toBeNull();
    },
  );

  it("counts the site's own name as a guessable word (the old demo password)", () => {
    expect(newPasswordProblem('TruckYard!2026')).toBe(PASSWORD_TEXTS.tooWeak);
  });

  it('refuses passwords longer than 256 characters without scoring them', () => {
    expect(newPasswordProblem('a'.repeat(257))).toBe(PASSWORD_TEXTS.tooLong);
  });

  it('gives the API the same message as the browser', () => {
    const body = { email: 'a@example.test', password: 'password1234', name: 'A', altcha: 'x' };
    // The browser's form schema checks only the length; the API's adds the strength rule.
    expect(signUpSchema.safeParse(body).success).toBe(true);
    const api = signUpRequestSchema.safeParse(body);
    expect(api.success).toBe(false);
    expect(api.error?.issues.map((i) => i.message)).toEqual([newPasswordProblem('password1234')]);
  });
});
