import { UK_OUTCODES_CSV } from './uk-outcodes.data.js';

/** One UK postcode district (outward code) with its centroid. */
export interface Outcode {
  outcode: string;
  lat: number;
  lon: number;
  town: string | null;
  county: string | null;
}

/** Splits one CSV line, honouring double-quoted fields ("Douglas, Braddan"). */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

function parseOutcodesCsv(csv: string): Outcode[] {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== '');
  return lines.slice(1).map((line) => {
    const [outcode, lat, lon, town, county] = splitCsvLine(line);
    return {
      outcode: outcode.trim().toUpperCase(),
      lat: Number(lat),
      lon: Number(lon),
      town: town?.trim() || null,
      county: county?.trim() || null,
    };
  });
}

let cached: Outcode[] | undefined;
/** All 2,848 districts, parsed once per cold start. */
export function allOutcodes(): Outcode[] {
  cached ??= parseOutcodesCsv(UK_OUTCODES_CSV);
  return cached;
}
