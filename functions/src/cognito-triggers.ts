import type { Access } from './access.js';

/**
 * Cognito user-pool triggers and their handlers (relative to functions/src): Lambda triggers on
 * the user pool in CDK; cognito-local invokes the same handlers in-process under `npm start`.
 * Names are Cognito's trigger names (PreSignUp, PostConfirmation, CustomMessage, …).
 */
export type CognitoTriggerName = 'PreSignUp' | 'PostConfirmation' | 'PostAuthentication' | 'PreTokenGeneration' | 'CustomMessage';

export interface CognitoTriggerDef {
  name: CognitoTriggerName;
  handler: string;
  /** What the trigger's function may touch; CDK grants exactly this. */
  access: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
}

export const cognitoTriggerRows: CognitoTriggerDef[] = [
  // Writes the profile once the e-mail is confirmed.
  { name: 'PostConfirmation', handler: 'events/post-confirmation.ts', access: { table: 'readWrite' } },
  // Only returns the message text; Cognito sends it.
  { name: 'CustomMessage', handler: 'events/custom-message.ts', access: {} },
  // Refuses tokens to accounts whose e-mail is not verified yet (sign-up with admin rights, issue 23).
  { name: 'PreTokenGeneration', handler: 'events/pre-token-generation.ts', access: {} },
  // Writes a 'login' audit entry for staff sign-ins (reads the profile's role mirror).
  { name: 'PostAuthentication', handler: 'events/post-authentication.ts', access: { table: 'readWrite' } },
];

/** Trigger name -> handler, the shape cognito-local (dev/stand-ins/cognito.ts) takes. */
export const cognitoTriggers: Partial<Record<CognitoTriggerName, string>> = Object.fromEntries(
  cognitoTriggerRows.map((t) => [t.name, t.handler]),
);
