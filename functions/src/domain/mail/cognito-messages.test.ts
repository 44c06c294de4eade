import { describe, expect, it } from 'vitest';
import { cognitoEmailFor } from './cognito-messages.js';

const ctx = { siteUrl: 'https://truckyard.example' };

describe('cognitoEmailFor', () => {
  it('puts the code placeholder exactly once in a sign-up e-mail, so Cognito can substitute it', () => {
    const email = cognitoEmailFor('CustomMessage_SignUp', { code: '{####}', name: 'Gareth' }, ctx)!;
    expect(email.subject).toMatch(/verification code/i);
    expect(email.html.split('{####}')).toHaveLength(2);
    expect(email.html).toContain('Gareth');
  });

  it('links a password reset to /reset-password on the site, with the e-mail prefilled', () => {
    const email = cognitoEmailFor('CustomMessage_ForgotPassword', { code: '{####}', email: 'a+b@x.example' }, ctx)!;
    expect(email.subject).toMatch(/reset/i);
    expect(email.html).toContain('https://truckyard.example/reset-password?email=a%2Bb%40x.example');
    expect(email.html).toContain('{####}');
  });

  it('leaves messages it does not brand to Cognito', () => {
    expect(cognitoEmailFor('CustomMessage_Authentication', { code: '{####}' }, ctx)).toBeNull();
  });

  it('escapes a hostile display name', () => {
    const email = cognitoEmailFor('CustomMessage_ResendCode', { code: '{####}', name: '<script>x</script>' }, ctx)!;
    expect(email.html).not.toContain('<script>x');
  });
});
