/**
 * Every fixture of the Unified Odds Feed stand-in validates against the published schema:
 * the messages against UnifiedFeed.xsd, the descriptions and API replies against
 * UnifiedFeedDescriptions.xsd / UnifiedFeedResponse.xsd, the fixtures and summaries against the
 * Sports API's fixtures_fixture.xsd / match_summary.xsd (xmllint compiled to WebAssembly: libxml2's
 * XML Schema validator, no native install). The copies of the schemas are Sportradar's, unchanged.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';

const DIR = join(import.meta.dirname, '../fixtures/uof');
const XSD = join(DIR, 'xsd');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

const schemas = walk(XSD).filter((f) => f.endsWith('.xsd'));
const file = (path: string, base = XSD) => ({ fileName: relative(base, path), contents: readFileSync(path, 'utf8') });

/** The schema that describes a fixture file, by its name. */
function schemaOf(name: string): string {
  if (name.startsWith('messages/')) return 'messages/UnifiedFeed.xsd';
  if (/^api\/(markets|producers|variants)/.test(name)) return 'UnifiedFeedDescriptions.xsd';
  if (/^api\/(whoami|recovery)/.test(name)) return 'UnifiedFeedResponse.xsd';
  if (name.startsWith('api/fixture')) return 'sportsapi/v1/endpoints/unified/fixtures_fixture.xsd';
  if (name.startsWith('api/summary')) return 'sportsapi/v1/endpoints/unified/match_summary.xsd';
  throw new Error(`no schema for ${name}`);
}

const fixtures = [...walk(join(DIR, 'messages')), ...walk(join(DIR, 'api'))].filter((f) => f.endsWith('.xml')).map((f) => relative(DIR, f));

describe('Unified Odds Feed fixtures against the published XSDs', () => {
  it('has fixtures of every message type and API reply', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(18);
  });
  for (const name of fixtures) {
    it(name, async () => {
      const main = schemaOf(name);
      const result = await validateXML({
        xml: [{ fileName: name.replace(/\//g, '_'), contents: readFileSync(join(DIR, name), 'utf8') }],
        schema: [file(join(XSD, main))],
        preload: schemas.filter((s) => relative(XSD, s) !== main).map((s) => file(s)),
      });
      expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
      expect(result.valid).toBe(true);
    });
  }
  it('the validator refuses what the schema does not allow', async () => {
    const result = await validateXML({
      xml: [{ fileName: 'bad.xml', contents: '<bet_settlement event_id="sr:match:1" product="3" timestamp="1"><outcomes/></bet_settlement>' }],
      schema: [file(join(XSD, 'messages/UnifiedFeed.xsd'))],
    });
    expect(result.valid).toBe(false);
  });
});
