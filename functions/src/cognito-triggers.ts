/**
 * Cognito user-pool triggers and their handlers (relative to functions/src): Lambda triggers on
 * the user pool in CDK; cognito-local invokes the same handlers in-process under `npm start`.
 * Keys are Cognito's trigger names (PreSignUp, PostConfirmation, CustomMessage, …).
 */
export type CognitoTriggerName = 'PreSignUp' | 'PostConfirmation' | 'PostAuthentication' | 'PreTokenGeneration' | 'CustomMessage';

export const cognitoTriggers: Partial<Record<CognitoTriggerName, string>> = {
  PostConfirmation: 'events/post-confirmation.ts',
  CustomMessage: 'events/custom-message.ts',
  PostAuthentication: 'events/post-authentication.ts',
};
