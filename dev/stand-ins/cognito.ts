/**
 * cognito-local in-process, with its state in a folder we choose and on loopback only.
 *
 * cognito-local's createDefaultServer keeps state in `./.cognito` relative to the working
 * directory (resolved lazily, per user pool) and reads PORT/HOST from the environment at import
 * time — both clash with ours. So this assembles the same services with absolute directories and
 * explicit server options (mirrors cognito-local 5.3.0 lib/server/defaults.js).
 * Its modules (and AWS SDK v2 under them) load lazily, so `npm start` can launch java first.
 * On top of cognito-local: TOTP MFA and global sign-out (cognito-mfa.ts), disabled users refused.
 */
import path from 'node:path';
import type { Config } from 'cognito-local/lib/server/config.js';
import { lambdaContext } from '../api-gateway.js';
import { serviceUrl } from '../config.js';
import { loadHandler } from '../lib/handlers.js';
import { listenLoopback } from '../lib/net.js';
import { createSmtpCognitoSender } from '../mail/cognito-sender.js';
import { withMfa } from './cognito-mfa.js';

export interface CognitoStandInOptions {
  port: number;
  /** Folder for cognito-local's JSON files (pools, clients, users). */
  directory: string;
  /** pino level: 'info' shows confirmation codes (forgot password), 'error' is quiet. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  log?: (msg: string) => void;
  /**
   * User-pool triggers (functions/src/cognito-triggers.ts): trigger name → handler path, invoked
   * in-process with the handler environment of the moment. None when omitted (tests).
   */
  triggers?: Record<string, string>;
  /** Deliver e-mails (codes, resets) over SMTP to the local mail catcher as well as to the log. */
  smtp?: { host: string; port: number; from: string };
}

export interface CognitoStandIn {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** cognito-local's building blocks, loaded on first use (about 1-3 s: it pulls in AWS SDK v2). */
async function loadCognitoLocal() {
  const [
    { default: AWS },
    { createServer },
    { Router },
    { DefaultConfig },
    { DateClock, LambdaService, MessagesService, TriggersService },
    { CognitoServiceFactoryImpl },
    { CryptoService },
    { StormDBDataStoreFactory },
    { ConsoleMessageSender },
    { MessageDeliveryService },
    { otp },
    { JwtTokenGenerator },
    { UserPoolServiceFactoryImpl },
    { pino },
  ] = await Promise.all([
    import('aws-sdk'),
    import('cognito-local/lib/server/server.js'),
    import('cognito-local/lib/server/Router.js'),
    import('cognito-local/lib/server/config.js'),
    import('cognito-local/lib/services/index.js'),
    import('cognito-local/lib/services/cognitoService.js'),
    import('cognito-local/lib/services/crypto.js'),
    import('cognito-local/lib/services/dataStore/stormDb.js'),
    import('cognito-local/lib/services/messageDelivery/consoleMessageSender.js'),
    import('cognito-local/lib/services/messageDelivery/messageDelivery.js'),
    import('cognito-local/lib/services/otp.js'),
    import('cognito-local/lib/services/tokenGenerator.js'),
    import('cognito-local/lib/services/userPoolService.js'),
    import('pino'),
  ]);
  return {
    AWS,
    createServer,
    Router,
    DefaultConfig,
    DateClock,
    LambdaService,
    MessagesService,
    TriggersService,
    CognitoServiceFactoryImpl,
    CryptoService,
    StormDBDataStoreFactory,
    ConsoleMessageSender,
    MessageDeliveryService,
    otp,
    JwtTokenGenerator,
    UserPoolServiceFactoryImpl,
    pino,
  };
}

/**
 * Stands in for the AWS SDK v2 Lambda client cognito-local invokes triggers with: FunctionName
 * is our handler path; a thrown error becomes an "Unhandled" function error, as from Lambda.
 */
function inProcessLambda() {
  return {
    invoke: (params: { FunctionName: string; Payload?: string }) => ({
      promise: async () => {
        try {
          const handler = await loadHandler(params.FunctionName);
          const result = await handler(JSON.parse(params.Payload ?? '{}'), lambdaContext(params.FunctionName, 5, 256));
          return { StatusCode: 200, Payload: JSON.stringify(result ?? {}) };
        } catch (err) {
          console.error(`[cognito] trigger ${params.FunctionName} failed:`, err);
          const errorMessage = err instanceof Error ? err.message : String(err);
          return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage }) };
        }
      },
    }),
  } as unknown as ConstructorParameters<typeof import('cognito-local/lib/services/lambda.js').LambdaService>[1];
}

export async function startCognito(opts: CognitoStandInOptions): Promise<CognitoStandIn> {
  const {
    AWS,
    createServer,
    Router,
    DefaultConfig,
    DateClock,
    LambdaService,
    MessagesService,
    TriggersService,
    CognitoServiceFactoryImpl,
    CryptoService,
    StormDBDataStoreFactory,
    ConsoleMessageSender,
    MessageDeliveryService,
    otp,
    JwtTokenGenerator,
    UserPoolServiceFactoryImpl,
    pino,
  } = await loadCognitoLocal();
  const print = opts.log ?? ((msg: string) => console.log(msg));
  const logger = pino(
    { level: opts.logLevel ?? 'info' },
    {
      write(line: string) {
        try {
          const entry = JSON.parse(line) as { msg?: string };
          if (entry.msg) print(`[cognito] ${entry.msg}`);
        } catch {
          print(`[cognito] ${line.trim()}`);
        }
      },
    },
  );
  const ctx = { logger };
  const dataDirectory = path.join(opts.directory, 'db');
  const config: Config = {
    ...DefaultConfig,
    TriggerFunctions: opts.triggers ?? {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    // The issuer in tokens is `${IssuerDomain}/${poolId}`; browser and server both use localhost.
    TokenConfig: { IssuerDomain: serviceUrl(opts.port) },
    ServerConfig: { port: opts.port, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognitoClient = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognitoClient,
    new LambdaService(config.TriggerFunctions, opts.triggers ? inProcessLambda() : new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig ?? {}),
  );
  const services = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new MessagesService(
      triggers,
      new MessageDeliveryService(opts.smtp ? createSmtpCognitoSender(opts.smtp, new ConsoleMessageSender()) : new ConsoleMessageSender()),
    ),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const route = Router(services);
  // TOTP MFA, checked challenge sessions and global sign-out as Cognito does them (cognito-mfa.ts);
  // SignUp refused when the pool allows only AdminCreateUser, as AWS does.
  const app = createServer(
    withMfa(refuseSelfSignUp(refuseDisabledUsers(route, cognitoClient), cognitoClient), services),
    logger,
    config.ServerConfig,
    services,
  );
  const server = await listenLoopback(app.application, opts.port);
  // With port 0 the real port is only known now; the token generator reads this object per token.
  config.TokenConfig.IssuerDomain = serviceUrl(server.port);
  return { endpoint: serviceUrl(server.port), port: server.port, stop: () => server.close() };
}

type RouteFn = ReturnType<Awaited<ReturnType<typeof loadCognitoLocal>>['Router']>;
type CognitoClient = Awaited<ReturnType<InstanceType<Awaited<ReturnType<typeof loadCognitoLocal>>['CognitoServiceFactoryImpl']>['create']>>;

/**
 * cognito-local signs disabled users in (it never reads `Enabled`); Cognito answers
 * NotAuthorizedException "User is disabled." to a password or refresh-token sign-in. The admin
 * area's suspension relies on that, so the stand-in does the same.
 */
function refuseDisabledUsers(route: RouteFn, cognito: CognitoClient): RouteFn {
  return (target) => {
    const handler = route(target);
    if (target !== 'InitiateAuth' && target !== 'AdminInitiateAuth') return handler;
    return (async (ctx: Parameters<typeof handler>[0], req: Record<string, unknown>) => {
      const params = (req.AuthParameters ?? {}) as Record<string, string>;
      const pool = req.UserPoolId
        ? await cognito.getUserPool(ctx, String(req.UserPoolId))
        : await cognito.getUserPoolForClientId(ctx, String(req.ClientId));
      const user = params.USERNAME
        ? await pool.getUserByUsername(ctx, params.USERNAME)
        : params.REFRESH_TOKEN
          ? await pool.getUserByRefreshToken(ctx, params.REFRESH_TOKEN)
          : null;
      if (user && user.Enabled === false) {
        const { NotAuthorizedError } = await import('cognito-local/lib/errors.js');
        throw new NotAuthorizedError('User is disabled.');
      }
      return handler(ctx, req as never);
    }) as typeof handler;
  };
}

/**
 * cognito-local accepts SignUp on every pool; Cognito refuses it with NotAuthorizedException when
 * the pool allows only admin-created users (AdminCreateUserConfig.AllowAdminCreateUserOnly), as
 * ours does (issue 23). The stand-in does the same, so a client calling SignUp fails here too.
 */
function refuseSelfSignUp(route: RouteFn, cognito: CognitoClient): RouteFn {
  return (target) => {
    const handler = route(target);
    if (target !== 'SignUp') return handler;
    return (async (ctx: Parameters<typeof handler>[0], req: Record<string, unknown>) => {
      const pool = await cognito.getUserPoolForClientId(ctx, String(req.ClientId));
      if (pool.options.AdminCreateUserConfig?.AllowAdminCreateUserOnly) {
        const { NotAuthorizedError } = await import('cognito-local/lib/errors.js');
        throw new NotAuthorizedError('SignUp is not permitted for this user pool.');
      }
      return handler(ctx, req as never);
    }) as typeof handler;
  };
}
