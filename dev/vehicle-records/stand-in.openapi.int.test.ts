import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DVLA_ERROR_PLATES, TRY_ON_SELL_FORM } from './registry.js';
import { startVehicleRecordsServer } from './stand-in.test-support.js';
import { LOCAL_VEHICLE_RECORDS_KEYS } from './urls.js';
import { vehicleRecordsUrls } from './urls.js';

/**
 * The DVLA stand-in's answers against the DVLA's own OpenAPI description (v1.1.0), a checked-in
 * copy of the one published document (openapi/README.md says where it came from).
 */
const specPath = new URL('./openapi/vehicle-enquiry-v1.1.0.json', import.meta.url);
type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
};
const spec = JSON.parse(readFileSync(specPath, 'utf8')) as {
  info: { version: string };
  paths: Record<string, { post: { responses: Record<string, { content?: Record<string, { schema: Schema }> }> } }>;
  components: { schemas: Record<string, Schema> };
};

/** The JSON Schema subset the description uses: $ref, type, enum, date format, required, properties, items. */
function problems(value: unknown, schema: Schema, at = '$'): string[] {
  if (schema.$ref) return problems(value, spec.components.schemas[schema.$ref.split('/').pop() as string], at);
  const out: string[] = [];
  const t = schema.type;
  if (t === 'object' || schema.properties) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at} is not an object`];
    const obj = value as Record<string, unknown>;
    for (const r of schema.required ?? []) if (!(r in obj)) out.push(`${at}.${r} is missing`);
    for (const [k, v] of Object.entries(obj)) {
      const prop = schema.properties?.[k];
      if (!prop) out.push(`${at}.${k} is not in the description`);
      else out.push(...problems(v, prop, `${at}.${k}`));
    }
    return out;
  }
  if (t === 'array') {
    if (!Array.isArray(value)) return [`${at} is not an array`];
    return value.flatMap((v, i) => (schema.items ? problems(v, schema.items, `${at}[${i}]`) : []));
  }
  if (t === 'integer' && !Number.isInteger(value)) out.push(`${at} is not an integer`);
  if (t === 'number' && typeof value !== 'number') out.push(`${at} is not a number`);
  if (t === 'string' && typeof value !== 'string') out.push(`${at} is not a string`);
  if (t === 'boolean' && typeof value !== 'boolean') out.push(`${at} is not a boolean`);
  if (schema.enum && !schema.enum.includes(value))
    out.push(`${at} = ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (schema.format === 'date' && typeof value === 'string' && !/^\d{4}-\d{2}(-\d{2})?/.test(value)) out.push(`${at} is not a date`);
  return out;
}

let server: Awaited<ReturnType<typeof startVehicleRecordsServer>>;
beforeAll(async () => {
  server = await startVehicleRecordsServer();
});
afterAll(() => server?.close());

async function ask(registrationNumber: string) {
  const res = await fetch(`${vehicleRecordsUrls(server.url).dvlaApiUrl}/vehicle-enquiry/v1/vehicles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': LOCAL_VEHICLE_RECORDS_KEYS.dvlaApiKey },
    body: JSON.stringify({ registrationNumber }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const responses = spec.paths['/v1/vehicles'].post.responses;
const schemaFor = (status: number) => responses[String(status)]?.content?.['application/json']?.schema;

describe('the DVLA stand-in against the DVLA OpenAPI description', () => {
  it('is checked against version 1.1.0', () => {
    expect(spec.info.version).toBe('1.1.0');
  });

  it('answers every registry vehicle with a Vehicle of the description', async () => {
    const regs = [...server.standIn.registry().keys()];
    expect(regs).toEqual(expect.arrayContaining([...TRY_ON_SELL_FORM]));
    for (const reg of regs) {
      const { status, body } = await ask(reg);
      expect(status).toBe(200);
      expect(problems(body, schemaFor(200) as Schema), reg).toEqual([]);
    }
  });

  it('answers the test plates with their statuses and an ErrorResponse', async () => {
    for (const [plate, status] of Object.entries(DVLA_ERROR_PLATES)) {
      const answer = await ask(plate);
      expect(answer.status, plate).toBe(status);
      // 429 comes from the gateway and is not in the description; its body has the same shape.
      const schema = schemaFor(status) ?? schemaFor(400);
      expect(problems(answer.body, schema as Schema), plate).toEqual([]);
    }
    expect((await ask('ZZ99ZZZ')).status).toBe(404);
  });
});
