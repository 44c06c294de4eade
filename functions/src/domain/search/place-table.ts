/**
 * The search index's places: every distinct point a listing is at (listings share the ~2,800
 * district centroids), by place id, and per query place and radius the tables the passes read.
 */
import { type Place, distanceMiles, latitudeDegreesBeyond } from '../geo/geo.js';

/** A place and radius as the passes read them (PlaceTable.tablesFor), per place id + 1; read only. */
export interface PlaceTables {
  distance: Float64Array;
  within: Uint8Array;
  tenths: Float64Array;
}

/** Places and radii whose tables are kept (each about 40 KB at 2,300 places). */
const PLACE_TABLES_KEPT = 64;
/** Distance sort key for listings without a location: after every placed one. */
const NO_DISTANCE_TENTHS = 2 ** 29;

export class PlaceTable {
  readonly lat: number[] = [];
  readonly lon: number[] = [];
  private readonly idByKey = new Map<string, number>();
  /** Per place id + 1, the tables of a query without a place (noPlaceTables; tablesFor for one with). */
  private scratchDistance = new Float64Array(0);
  private scratchWithin = new Uint8Array(0);
  private scratchTenths = new Float64Array(0);
  /** Recently asked places and radii: their tables (tablesFor); at most PLACE_TABLES_KEPT. */
  private readonly kept = new Map<string, PlaceTables>();

  get count(): number {
    return this.lat.length;
  }

  /** A place's id, added when new. */
  idOf(place: Place): number {
    const key = `${place.lat},${place.lon}`;
    let id = this.idByKey.get(key);
    if (id === undefined) {
      id = this.lat.length;
      this.lat.push(place.lat);
      this.lon.push(place.lon);
      this.idByKey.set(key, id);
    }
    return id;
  }

  /** An empty table takes a snapshot's places, in their order (slot place ids point into it). */
  load(lat: number[], lon: number[]): void {
    lat.forEach((la, i) => {
      this.lat.push(la);
      this.lon.push(lon[i]);
      this.idByKey.set(`${la},${lon[i]}`, i);
    });
  }

  /**
   * The tables of a query without a place: scratch arrays as long as the place tables, which no
   * pass reads for their distances (the place check is off), only for their length.
   */
  noPlaceTables(): PlaceTables {
    const places = this.lat.length;
    if (this.scratchWithin.length < places + 1) {
      this.scratchDistance = new Float64Array(places + 1);
      this.scratchWithin = new Uint8Array(places + 1);
      this.scratchTenths = new Float64Array(places + 1);
    }
    this.scratchWithin[0] = 1;
    this.scratchTenths[0] = NO_DISTANCE_TENTHS;
    return { distance: this.scratchDistance, within: this.scratchWithin, tenths: this.scratchTenths };
  }

  /**
   * Per place id + 1, the distance from `place`, whether it is within `radius`, and the distance
   * sort key in tenths of a mile. Buyers ask for the same towns and radii again and again, so the
   * tables of recent ones are kept (a place added since makes them too short: they are made again).
   */
  tablesFor(place: Place, radius: number): PlaceTables {
    const places = this.lat.length;
    const key = `${place.lat},${place.lon},${radius}`;
    let tables = this.kept.get(key);
    if (tables && tables.within.length === places + 1) return tables;
    tables = { distance: new Float64Array(places + 1), within: new Uint8Array(places + 1), tenths: new Float64Array(places + 1) };
    const { distance, within, tenths } = tables;
    within[0] = 1;
    tenths[0] = NO_DISTANCE_TENTHS;
    // Places further north or south than the radius are outside it without measuring.
    const band = latitudeDegreesBeyond(radius);
    const { lat: placeLat, lon: placeLon } = this;
    for (let i = 0; i < places; i++) {
      if (Math.abs(placeLat[i] - place.lat) > band) continue;
      const d = distanceMiles(place.lat, place.lon, placeLat[i], placeLon[i]);
      distance[i + 1] = d;
      within[i + 1] = d <= radius ? 1 : 0;
      tenths[i + 1] = Math.round(d * 10);
    }
    if (this.kept.size >= PLACE_TABLES_KEPT) this.kept.clear();
    this.kept.set(key, tables);
    return tables;
  }

  /** Forgets the kept distance tables of recent places and radii (SearchIndex.forgetQueryMemos). */
  forgetKept(): void {
    this.kept.clear();
  }
}
