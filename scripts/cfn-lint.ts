/**
 * cfn-lint (AWS's CloudFormation linter) over every template of the app, in two configurations:
 * the plain one (`npm run synth`'s context) and production (domain, SES, alarms, WhatsApp, scraper
 * sources). Synthesized without bundling (only templates are linted) into a temp dir. Part of
 * `npm test` (npm run test:cfn-lint); 0 errors, and every warning fixed or listed in IGNORED with
 * its reason. Exits 1 with one line when cfn-lint is not installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { CDK_CONTEXT } from '../infra/test/synth-app.js';
import { buildTruckYard, type TruckYardOptions } from '../infra/lib/truckyard.js';

/**
 * Rules not applied, each with why. cfn-lint's rule ids: https://github.com/aws-cloudformation/cfn-lint/blob/main/docs/rules.md
 * - W3005: CDK writes DependsOn for resources that an Fn::GetAtt/Ref already orders (redundant, harmless).
 */
const IGNORED: Record<string, string> = {
  W3005: 'CDK adds DependsOn beside references that already order the resources (redundant, harmless).',
};

const PRODUCTION: Partial<TruckYardOptions> = {
  domain: { domainName: 'www.truckyard.example', hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'truckyard.example' } },
  sesDomain: 'truckyard.example',
  alarmEmail: 'ops@truckyard.example',
  whatsapp: { phoneNumberId: '123456789012345' },
  vehicleRecords: { dvsaTokenUrl: 'https://login.microsoftonline.com/00000000-0000-4000-8000-000000000000/oauth2/v2.0/token' },
  scraperSources: JSON.stringify([
    {
      id: 'lorrymart',
      name: 'lorrymart.example',
      startUrls: ['https://lorrymart.example/stock/'],
      parser: 'stock-table',
      ratePerSecond: 0.5,
      enabled: true,
    },
  ]),
};

function synth(name: string, options: Partial<TruckYardOptions>): string {
  const outdir = mkdtempSync(join(tmpdir(), `truckyard-cfn-lint-${name}-`));
  const app = new App({
    outdir,
    context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  buildTruckYard(app, {
    siteUrl: String(CDK_CONTEXT.siteUrl),
    webDistDir: join(tmpdir(), 'truckyard-no-web-dist'),
    env: { account: '111111111111', region: 'eu-west-2' },
    ...options,
  });
  app.synth();
  return outdir;
}

function main(): number {
  const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    console.error('cfn-lint is not installed: pip install cfn-lint (it must be on PATH for npm test)');
    return 1;
  }
  const dirs = [synth('plain', {}), synth('production', PRODUCTION)];
  try {
    const templates = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.template.json'))
        .map((f) => join(dir, f)),
    );
    const result = spawnSync('cfn-lint', ['--format', 'parseable', '--ignore-checks', ...Object.keys(IGNORED), '--', ...templates], {
      encoding: 'utf8',
    });
    const findings = result.stdout.split('\n').filter((l) => l.trim() !== '');
    for (const line of findings) console.log(line);
    if (result.status !== 0 && findings.length === 0) {
      console.error(result.stderr.trim() || `cfn-lint failed (exit ${result.status})`);
      return 1;
    }
    console.log(`cfn-lint ${version.stdout.trim().replace(/^cfn-lint /, '')}: ${templates.length} templates, ${findings.length} findings`);
    return findings.length === 0 ? 0 : 1;
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = main();
