import { config } from '../../config.js';
import { httpHandler, json } from '../handler.js';

/**
 * GET /api/config — the user pool the web signs in to, read once at start-up so pool ids are
 * never baked into the build. `userPoolEndpoint` appears only locally (cognito-local).
 */
export const handler = httpHandler('public', async () => {
  const { region, userPoolId, clientId, userPoolEndpoint } = config.publicAuth;
  return json(
    200,
    { region, userPoolId, clientId, ...(userPoolEndpoint ? { userPoolEndpoint } : {}) },
    { 'cache-control': 'public, max-age=300' },
  );
});
