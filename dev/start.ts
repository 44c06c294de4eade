/**
 * `npm start`: the whole product on this machine — DynamoDB Local, s3rver, cognito-local, the
 * API server (API Gateway + Lambda + CloudFront stand-in) serving the built web app, the job
 * scheduler and the event bus. Ctrl-C stops everything, java included.
 */
import './lib/quiet-sdk.js';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cognitoTriggers } from '../functions/src/cognito-triggers.js';
import { jobs } from '../functions/src/jobs.js';
import { type ApiServer, startApiServer } from './api-server.js';
import { ensureTable, ensureUserPool, makeCognitoClient, readCloudState, seedOnce, writeCloudState } from './bootstrap.js';
import { REPO_ROOT, handlerEnv, loadConfig, serviceUrl } from './config.js';
import { enableHotReload } from './lib/hot-reload.js';
import { isPortFree } from './lib/net.js';
import { createLocalBus } from './local-bus.js';
import { type MailCatcher, startMailCatcher } from './mail/catcher.js';
import { clearMail, mailDir } from './mail/store.js';
import { type Scheduler, runJob, startScheduler } from './scheduler.js';
import { type CognitoStandIn, startCognito } from './stand-ins/cognito.js';
import {
  type DynamoDbLocal,
  JAVA_MISSING_MESSAGE,
  javaMajorVersion,
  makeDynamoClient,
  startDynamoDbLocal,
} from './stand-ins/dynamodb-local.js';
import { type ScrapeFixtures, startScrapeFixtures } from './scrape-fixtures/sites.js';
import { type S3StandIn, startS3 } from './stand-ins/s3.js';
import { buildWeb } from './web-build.js';
import { setHandlerRuntime } from './lib/handlers.js';
import { FunctionBundles, handlersOf } from './cloud/bundles.js';
import { buildLocalCloud, deploySite, ensureBuckets, originPortOf, startSynth } from './cloud/wiring.js';
import { TRY_ON_SELL_FORM } from './vehicle-records/registry.js';

const started = Date.now();
const log = (msg: string) => console.log(msg);
const cfg = loadConfig();
const pidFile = path.join(cfg.dataDir, 'start.pid');

let dynamo: DynamoDbLocal | undefined;
let s3: S3StandIn | undefined;
let cognito: CognitoStandIn | undefined;
let mail: MailCatcher | undefined;
let api: ApiServer | undefined;
let scheduler: Scheduler | undefined;
let scrapeFixtures: ScrapeFixtures | undefined;
let hotReload: { close(): void } | undefined;
let functionCode: FunctionBundles | undefined;
let stoppingSince = 0;
let seeding = false;

async function stopAll(): Promise<void> {
  scheduler?.stop();
  hotReload?.close();
  setHandlerRuntime(undefined);
  await Promise.allSettled([
    functionCode?.dispose(),
    api?.close(),
    cognito?.stop(),
    s3?.stop(),
    mail?.close(),
    dynamo?.stop(),
    scrapeFixtures?.close(),
  ]);
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}

async function fail(message: string): Promise<never> {
  console.error(message);
  await stopAll();
  process.exit(1);
}

async function main() {
  const java = javaMajorVersion();
  if (java === null || java < 17) return fail(JAVA_MISSING_MESSAGE);

  const ports: Array<[string, number]> = [
    ['PORT', cfg.port],
    ['DYNAMODB_PORT', cfg.dynamodbPort],
    ['S3_PORT', cfg.s3Port],
    ['COGNITO_PORT', cfg.cognitoPort],
    ['SMTP_PORT', cfg.smtpPort],
    ['ORIGIN_PORT', originPortOf(cfg)],
    ...[0, 1, 2].map((i): [string, number] => ['SCRAPE_FIXTURES_PORT', (cfg.scrapeFixturesPort ?? 0) + i]),
  ];
  for (const [name, port] of ports) {
    if (!(await isPortFree(port))) return fail(`Port ${port} is already in use (set ${name}=… to use another)`);
  }
  mkdirSync(cfg.dataDir, { recursive: true });
  writeFileSync(pidFile, `${process.pid}\n`);

  const siteUrl = serviceUrl(cfg.port);
  // java first (slowest, its own process), then vite (its own process), then the in-process ones.
  const dynamoStarting = startDynamoDbLocal({ port: cfg.dynamodbPort, dbPath: path.join(cfg.dataDir, 'dynamodb') });
  const webBuild = buildWeb();
  // The CDK app, synthesized (or read from the cache): every function's wiring comes from it.
  const synthStarted = Date.now();
  const synthesizing = startSynth(cfg);
  synthesizing.catch(() => undefined);
  // The functions' bundles (as CDK bundles them for Lambda), built as soon as the templates name
  // them, while the stand-ins start and the seed runs; the first invocation waits for them.
  const bundling = synthesizing.then((s) => {
    functionCode = new FunctionBundles(cfg.dataDir, handlersOf(s.templates), { reuse: process.env.HOT_RELOAD === 'off' });
    const built = functionCode.build();
    built.catch(() => undefined);
    return { code: functionCode, built };
  });
  bundling.catch(() => undefined);
  const mailFolder = mailDir(cfg.dataDir);
  const phases: string[] = [];
  const mark = (what: string, since: number) => phases.push(`${what} ${((Date.now() - since) / 1000).toFixed(1)} s`);
  const standInsStarted = Date.now();
  [dynamo, s3, cognito, mail] = await Promise.all([
    dynamoStarting,
    startS3({
      port: cfg.s3Port,
      directory: path.join(cfg.dataDir, 's3'),
      allowedOrigins: [siteUrl, `http://127.0.0.1:${cfg.port}`],
    }),
    // 'info' shows confirmation codes (sign-up, forgot password) until the mail catcher takes over;
    // the seed's own sign-ups are not worth a box each.
    startCognito({
      port: cfg.cognitoPort,
      directory: path.join(cfg.dataDir, 'cognito'),
      logLevel: 'info',
      log: (m) => seeding || log(m),
      triggers: cognitoTriggers as Record<string, string>,
      smtp: { host: '127.0.0.1', port: cfg.smtpPort, from: 'TruckYard <no-reply@truckyard.example>' },
    }),
    startMailCatcher({ port: cfg.smtpPort, dir: mailFolder }),
  ]);

  mark('stand-ins', standInsStarted);
  const provisionStarted = Date.now();
  // Provision (idempotent) and remember the pool for the next start.
  const ddb = makeDynamoClient(dynamo.endpoint);
  const cognitoClient = makeCognitoClient(cognito.endpoint);
  const state = readCloudState(cfg.dataDir);
  const [tableStatus, pool] = await Promise.all([ensureTable(ddb, cfg.tableName), ensureUserPool(cognitoClient, state)]);
  ddb.destroy();
  const ids = { userPoolId: pool.userPoolId, clientId: pool.clientId };
  // A new pool or table means the earlier demo users or data are gone: seed again.
  const reseed = pool.created || tableStatus === 'created';
  writeCloudState(cfg.dataDir, reseed ? { ...ids } : { ...state, ...ids });

  const env = handlerEnv(cfg, ids);
  Object.assign(process.env, env);
  // The bus behind the API server's EventBridge endpoint (/_aws/events): the functions, and code in
  // this process, publish to it through EventBridge, to the bus name the template gives them.
  const bus = createLocalBus({ log });

  mark('provisioning', provisionStarted);
  /** The deployed web app, as the edge serves it from the site bucket (filled once the web is built). */
  const siteDir = path.join(cfg.dataDir, 'site');
  const synth = await synthesizing;
  phases.push(
    `synth ${synth.synthesized ? `${(synth.ms / 1000).toFixed(1)} s` : 'cached'} (waited ${((Date.now() - synthStarted) / 1000).toFixed(1)} s from start)`,
  );
  const bundles = await bundling;
  const cloud = buildLocalCloud(cfg, ids, synth, { log, code: bundles.code });
  await ensureBuckets(s3.endpoint, cloud.buckets);
  // Every handler the local cloud calls now runs in its function's own environment.
  setHandlerRuntime(cloud.runtime);

  // The scraper's fixture source sites (the local configuration points the scrape job at them).
  scrapeFixtures = await startScrapeFixtures(cfg.scrapeFixturesPort ?? cfg.port + 5);
  // The edge and the API origin are up before the seed: events published through its EventBridge
  // endpoint reach functions that read their secrets from the local SSM endpoint and send to the
  // work queues behind its SQS endpoint (dev/local-queue.ts), whose workers run in their functions too.
  api = await startApiServer({
    port: cfg.port,
    env,
    webDir: siteDir,
    bus,
    mailDir: mailFolder,
    stripe: { stateFile: path.join(cfg.dataDir, 'stripe.json') },
    whatsappDir: path.join(cfg.dataDir, 'whatsapp'),
    vehicleRecords: true,
    log: (m) => log(`[api] ${m}`),
    templates: synth.templates,
    queues: { log },
    cloud: {
      runtime: cloud.runtime,
      edge: cloud.edge,
      waf: cloud.waf,
      throttle: cloud.throttle,
      originPort: cloud.originPort,
      parameters: cloud.parameters,
      siteBucket: cloud.siteBucket,
      runJob: async (id) => {
        const job = jobs.find((j) => j.id === id);
        if (!job) throw new Error(`Unknown job "${id}" (${jobs.map((j) => j.id).join(', ')})`);
        return runJob(job);
      },
    },
  });
  const seedStarted = Date.now();
  const wasSeeded = !reseed && Boolean(state.seededAt);
  seeding = true;
  const logins = await seedOnce({
    dataDir: cfg.dataDir,
    env,
    cognito: cognitoClient,
    ids,
    log: (m) => log(`[seed] ${m}`),
    seedModulePath: path.join(REPO_ROOT, 'dev', 'seed', 'index.ts'),
  });
  seeding = false;
  if (!wasSeeded && readCloudState(cfg.dataDir).seededAt) {
    mark('seed', seedStarted);
    // The demo accounts' sign-up codes are noise: the inbox starts empty.
    await clearMail(mailFolder);
  }
  cognitoClient.destroy();
  // The deploy step (Custom::DeployData in AWS): Stripe prices and plan tiers from PLANS, the first
  // search snapshot and first screens. Run on every start, in its own function, as CloudFormation
  // runs it on a deploy that changes them.
  const bundlesWaitStarted = Date.now();
  try {
    const built = await bundles.built;
    phases.push(
      `function bundles ${(built.ms / 1000).toFixed(1)} s for ${built.functions} handlers (waited ${((Date.now() - bundlesWaitStarted) / 1000).toFixed(1)} s)`,
    );
  } catch (err) {
    return fail(
      `Bundling the functions failed (esbuild, with the CDK app's settings): ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const deployStarted = Date.now();
  try {
    const { deployDataCreateEvent } = await import('../functions/src/deploy/deploy-data.js');
    await cloud.runtime.invoke('deploy/deploy-data.ts', deployDataCreateEvent());
    mark('deploy data', deployStarted);
  } catch (err) {
    return fail(`The deploy step failed (functions/src/deploy/deploy-data.ts): ${err instanceof Error ? err.message : String(err)}`);
  }
  await ensurePriceModel(log);

  const webWaitStarted = Date.now();
  const web = await webBuild;
  if (web.status === 'built')
    phases.push(`web build ${(web.ms / 1000).toFixed(1)} s (waited ${((Date.now() - webWaitStarted) / 1000).toFixed(1)} s)`);
  if (web.status === 'failed') return fail(`The web build failed (vite build --config web/vite.config.ts):\n${web.output}`);
  if (web.status === 'absent') log('⚠ web/vite.config.ts not found: serving a placeholder page instead of the web app.');

  // The site bucket holds the built web app, as the deployment copies it there; the edge serves the
  // same deployed copy (siteDir), so a later build of web/dist (another `npm start`, a second
  // product in a test) changes neither the pages' index.html nor the files it names. Files of earlier
  // builds stay, as BucketDeployment's prune: false keeps them in AWS.
  let siteFiles = 0;
  if (web.status !== 'absent') {
    cpSync(path.join(REPO_ROOT, 'web', 'dist'), siteDir, { recursive: true, force: true });
    siteFiles = await deploySite(s3.endpoint, cloud.siteBucket, path.join(REPO_ROOT, 'web', 'dist'));
  }
  scheduler = startScheduler(jobs, { log });
  // The sitemap is served from S3 only: build it now if there is none (the job decides), not in 15 minutes.
  const sitemapJob = jobs.find((j) => j.id === 'BuildSitemap');
  if (sitemapJob) runJob(sitemapJob).catch((err) => log(`[jobs] BuildSitemap failed: ${err instanceof Error ? err.message : String(err)}`));
  // A change rebuilds the bundles (incrementally), then the next invocations are cold starts of the new code.
  if (process.env.HOT_RELOAD !== 'off')
    hotReload = enableHotReload(log, async () => {
      const ms = await bundles.code.rebuild();
      await cloud.runtime.reset();
      return ms;
    });

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const roleWidth = Math.max(0, ...logins.map((l) => l.role.length));
  const emailWidth = Math.max(0, ...logins.map((l) => l.email.length));
  const lines = [
    '',
    '  TruckYard is running locally',
    '',
    `  Open        ${api.url}`,
    `  Health      ${api.url}/_dev/health`,
    `  API origin  http://localhost:${api.originPort}   (API Gateway's stand-in: refuses calls without CloudFront's origin secret)`,
    `  Functions   ${cloud.runtime.describe().length} from the synthesized app, each in its own environment   ${api.url}/_dev/functions`,
    `  Site        ${siteFiles} files of web/dist in bucket ${cloud.siteBucket}`,
    `  DynamoDB    ${dynamo.endpoint}   table ${cfg.tableName} (${tableStatus})`,
    `  S3          ${s3.endpoint}   images served at ${api.url}/images/…`,
    `  Cognito     ${cognito.endpoint}   pool ${ids.userPoolId}, client ${ids.clientId}`,
    `  Mail        ${api.url}/_dev/mail   (SMTP catcher on 127.0.0.1:${mail.port})`,
    `  Stripe      ${api.url}/_dev/stripe   (local stand-in: checkout, portal, webhooks; test card 4242 4242 4242 4242)`,
    `  WhatsApp    ${api.url}/_dev/whatsapp`,
    `  Vehicles    DVLA/DVSA stand-ins ${api.url}/_dev/vehicle-records   try on /sell-truck: ${TRY_ON_SELL_FORM.join(', ')}`,
    `  Web         ${web.status === 'built' ? `built in ${(web.ms / 1000).toFixed(1)} s` : web.status === 'fresh' ? 'web/dist is up to date' : `not built (${web.status})`}`,
    `  Code        ${hotReload ? 'handlers reload when functions/src or shared/ change (HOT_RELOAD=off to stop)' : 'hot reload off'}`,
    `  Scraper     fixture sites ${Object.values(scrapeFixtures.sites).join(', ')}   (npm run job -- scrape)`,
    `  Jobs        ${jobs.length ? jobs.map((j) => j.id).join(', ') : 'none scheduled'}   (npm run job -- <id>)`,
    `  Data        ${path.relative(REPO_ROOT, cfg.dataDir) || cfg.dataDir}/   (npm run reset wipes it)`,
    '',
    logins.length ? '  Demo logins' : '  Demo logins: none (no seed data yet)',
    ...logins.map(
      (l) => `    ${l.role.padEnd(roleWidth)}  ${l.email.padEnd(emailWidth)}  ${l.password}${l.totpSecret ? `  TOTP ${l.totpSecret}` : ''}`,
    ),
    '',
    `  Ready in ${seconds} s (${phases.join(', ')}) — Ctrl-C to stop`,
    '',
  ];
  log(lines.join('\n'));
  // PREWARM=all (the browser tests): every function's environment started now, like provisioned concurrency.
  if (process.env.PREWARM === 'all') {
    const warmStarted = Date.now();
    const { warmed, failed } = await cloud.runtime.warmAll();
    log(
      `  Functions warm: ${warmed} in ${((Date.now() - warmStarted) / 1000).toFixed(1)} s${failed.length ? `; failed: ${failed.join('; ')}` : ''}`,
    );
  }
}

const onSignal = (signal: NodeJS.Signals) => {
  if (stoppingSince) {
    // A terminal's Ctrl-C reaches us twice (directly and relayed by tsx); only a later one forces.
    if (Date.now() - stoppingSince < 1500) return;
    console.error('Forced exit.');
    process.exit(130);
  }
  stoppingSince = Date.now();
  log(`\n${signal}: stopping…`);
  stopAll().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);

main().catch((err: unknown) => fail(`npm start failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));

/**
 * Issue 13: the demo data shows price badges from the first start. The hourly `price-model` job
 * would build the model within the hour; a fresh data folder gets one now (about a second).
 */
async function ensurePriceModel(log: (m: string) => void): Promise<void> {
  try {
    const { priceModelBuildDeps } = await import('../functions/src/pricing-deps.js');
    const { buildPriceModel } = await import('../functions/src/domain/pricing/price-model-build.js');
    const deps = priceModelBuildDeps();
    if (await deps.store.load()) return;
    const { trainedOn } = await buildPriceModel(deps);
    log(`Fair-price model built from ${trainedOn} listings`);
  } catch (err) {
    log(`⚠ The fair-price model could not be built (ratings stay off until the price-model job runs): ${String(err)}`);
  }
}
