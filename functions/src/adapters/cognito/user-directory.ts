import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { sdkClientConfig } from '../sdk-config.js';
import type { UserDirectory } from '../../domain/admin/ports.js';
import type { StaffMfaReader } from '../../domain/admin/staff-mfa.js';

/** One client per execution environment; locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points at cognito-local. */
const cognito = new CognitoIdentityProviderClient(sdkClientConfig());

/**
 * The user pool's admin API as the admin area needs it. Users are addressed by their `sub`
 * (the pool's username when e-mail is the sign-in alias). The password-reset e-mail is the
 * pool's own forgot-password code mail (its link lands on /reset-password, CustomMessage trigger).
 */
export function cognitoUserDirectory(ids: { userPoolId: string; clientId: string }): UserDirectory {
  return {
    async staffGroups(userId) {
      const res = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: ids.userPoolId, Username: userId }));
      return (res.Groups ?? []).map((g) => g.GroupName ?? '').filter((g) => g === 'admins' || g === 'super_admins');
    },
    async disable(userId) {
      await cognito.send(new AdminDisableUserCommand({ UserPoolId: ids.userPoolId, Username: userId }));
      // Ends their refresh tokens too (cognito-local lacks it: its absence must not block suspension).
      await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: ids.userPoolId, Username: userId })).catch(() => undefined);
    },
    async enable(userId) {
      await cognito.send(new AdminEnableUserCommand({ UserPoolId: ids.userPoolId, Username: userId }));
    },
    async addToGroup(userId, group) {
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: ids.userPoolId, Username: userId, GroupName: group }));
    },
    async removeFromGroup(userId, group) {
      await cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: ids.userPoolId, Username: userId, GroupName: group }));
    },
    async sendPasswordReset(email) {
      await cognito.send(new ForgotPasswordCommand({ ClientId: ids.clientId, Username: email }));
    },
  };
}

/** Whether the user has an authenticator app (TOTP) enabled: AdminGetUser's MFA settings. */
export function cognitoStaffMfaReader(ids: { userPoolId: string }): StaffMfaReader {
  return {
    async hasTotp(userId) {
      const res = await cognito.send(new AdminGetUserCommand({ UserPoolId: ids.userPoolId, Username: userId }));
      return (res.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') || res.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA';
    },
  };
}
