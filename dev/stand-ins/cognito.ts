/**
 * cognito-local in-process, with its state in a folder we choose and on loopback only.
 *
 * cognito-local's createDefaultServer keeps state in `./.cognito` relative to the working
 * directory (resolved lazily, per user pool) and reads PORT/HOST from the environment at import
 * time — both clash with ours. So this assembles the same services with absolute directories and
 * explicit server options (mirrors cognito-local 5.3.0 lib/server/defaults.js).
 * Its modules (and AWS SDK v2 under them) load lazily, so `npm start` can launch java first.
 */
import path from 'node:path';
import type { Config } from 'cognito-local/lib/server/config.js';
import { serviceUrl } from '../config.js';
import { listenLoopback } from '../lib/net.js';

export interface CognitoStandInOptions {
  port: number;
  /** Folder for cognito-local's JSON files (pools, clients, users). */
  directory: string;
  /** pino level: 'info' shows confirmation codes (forgot password), 'error' is quiet. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  log?: (msg: string) => void;
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
    new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig ?? {}),
  );
  const services = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const app = createServer(Router(services), logger, config.ServerConfig, services);
  const server = await listenLoopback(app.application, opts.port);
  // With port 0 the real port is only known now; the token generator reads this object per token.
  config.TokenConfig.IssuerDomain = serviceUrl(server.port);
  return { endpoint: serviceUrl(server.port), port: server.port, stop: () => server.close() };
}
