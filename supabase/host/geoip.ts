// GEOIP_DATABASE: a MaxMind GeoLite2 (or GeoIP2) Country or City database read locally with
// @maxmind/geoip2-node, opened once at start. Only the host reads files; the Edge deployment uses
// a trusted CDN header instead (README, "Countries of downloads").
import { Reader } from '@maxmind/geoip2-node';
import type { CountryDatabase } from '../functions/_shared/geo.ts';

export async function openCountryDatabase(file: string): Promise<CountryDatabase> {
  let reader: Awaited<ReturnType<typeof Reader.open>>;
  try {
    reader = await Reader.open(file);
  } catch (error) {
    throw new Error(
      `GEOIP_DATABASE ${file} cannot be opened as a MaxMind database (${error instanceof Error ? error.message : String(error)}). Give the path of a GeoLite2-Country.mmdb file, or leave GEOIP_DATABASE empty.`,
    );
  }
  return {
    countryCode(ip) {
      try {
        return reader.country(ip).country?.isoCode ?? null;
      } catch {
        // Not in the database, or not an address it can hold (AddressNotFoundError, ValueError).
        return null;
      }
    },
  };
}
