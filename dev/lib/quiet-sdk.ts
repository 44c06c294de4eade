/**
 * Import first: silences two notices that say nothing about our code locally — AWS SDK v2's
 * end-of-support banner (v2 is cognito-local's dependency, not ours) and SDK v3's "Node 22 will be
 * required from 2027" warning (tracked for the Lambda runtime in infra, not for the local cloud).
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
