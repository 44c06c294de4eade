import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWithCdkNag } from '../lib/nag.js';
import { buildTruckYard } from '../lib/truckyard.js';
import { CDK_CONTEXT, PRODUCTION_SETTINGS, removeTempDirs, TEST_SITE_URL, tempDir } from './synth-app.js';

afterAll(removeTempDirs);

type Report = {
  pluginReports: { pluginName: string; violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[] }[];
};

/** Synthesizes with cdk-nag and returns its findings as `rule at path` lines (synth throws when there are any). */
function nagFindings(build: (app: App) => void): string[] {
  const outdir = tempDir('truckyard-nag-');
  const app = new App({ outdir, context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  build(app);
  checkWithCdkNag(app);
  let error: unknown;
  try {
    app.synth();
  } catch (err) {
    error = err;
  }
  const reportFile = join(outdir, 'validation-report.json');
  if (!existsSync(reportFile)) {
    if (error) throw error;
    return [];
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
  return report.pluginReports.flatMap((p) =>
    p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} at ${c.constructPath}`)),
  );
}

describe("cdk-nag's AwsSolutions pack", () => {
  it('finds nothing without a recorded reason in the app with everything switched on (site files, domain, SES, alarms)', () => {
    // Prepare (`npm run synth` itself covers the plain configuration)
    const webDistDir = tempDir('truckyard-web-dist-');
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>TruckYard</title>');
    // Act
    const findings = nagFindings((app) =>
      buildTruckYard(app, {
        siteUrl: TEST_SITE_URL,
        webDistDir,
        domain: { domainName: 'www.example.co.uk', hostedZone: { id: 'Z123', name: 'example.co.uk' } },
        ...PRODUCTION_SETTINGS,
      }),
    );
    // Assess
    expect(findings).toEqual([]);
  });

  it('reports what it has no reason for (the check can fail)', () => {
    // Act: a queue without a dead-letter queue or TLS enforcement.
    const findings = nagFindings((app) => new Queue(new Stack(app, 'NagProbe'), 'Careless'));
    // Assess
    expect(findings).toEqual(expect.arrayContaining([expect.stringMatching(/^AwsSolutions-SQS3 at NagProbe\/Careless/)]));
  });
});
