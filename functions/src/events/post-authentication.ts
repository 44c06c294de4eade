import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { adminUserStore } from '../adapters/dynamodb/admin-user-store.js';
import { auditLog } from '../adapters/dynamodb/audit-log-store.js';
import { ddb } from '../adapters/dynamodb/client.js';
import { config } from '../config.js';
import { observed } from '../observability.js';

/**
 * Cognito post-authentication trigger: a staff sign-in (the profile mirrors the admin role) is
 * written to the audit log as 'login'. Customers' sign-ins are not audited. A failure is logged
 * and never blocks the sign-in (Cognito would refuse it otherwise).
 */
async function run(event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> {
  const userId = event.request.userAttributes.sub ?? event.userName;
  try {
    const user = await adminUserStore(ddb, config.tableName).get(userId);
    if (!user?.adminRole) return event;
    await auditLog(ddb, config.tableName).record({
      adminUserId: userId,
      action: 'login',
      resourceType: 'user',
      resourceId: userId,
      details: { role: user.adminRole, email: user.email },
      // Cognito does not pass the client's address to this trigger (only with advanced security's context data).
      ipAddress: null,
      userAgent: null,
    });
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: 'post-authentication audit failed', error: String(err) }));
  }
  return event;
}

export const handler = observed('events/post-authentication', run);
