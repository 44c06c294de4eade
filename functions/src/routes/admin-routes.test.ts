import { describe, expect, it } from 'vitest';
import { adminRoutes } from './admin.js';

describe('admin route rows', () => {
  it("let every staff route's function read the caller's MFA settings (the TOTP check), and no public row reach Cognito", () => {
    for (const row of adminRoutes) {
      if (row.auth === 'admin' || row.auth === 'superAdmin') expect(row.access?.cognito, row.id).toContain('AdminGetUser');
      else expect(row.access?.cognito, row.id).toBeUndefined();
    }
  });

  it('list failed e-mails read-only, and retry them with table write and mail only', () => {
    const byId = Object.fromEntries(adminRoutes.map((r) => [r.id, r]));
    expect(byId.AdminListFailedEmails.access).toMatchObject({ table: 'read' });
    expect(byId.AdminListFailedEmails.access?.mail).toBeUndefined();
    expect(byId.AdminRetryFailedEmail.access).toMatchObject({ table: 'readWrite', mail: true });
    expect(byId.AdminRetryFailedEmail.access?.buckets).toBeUndefined();
  });
});
