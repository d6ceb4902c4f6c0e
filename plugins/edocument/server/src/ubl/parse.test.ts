import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseUbl, UblParseError, validateUbl } from './index';
import { validateXsd } from './validate';

const SAMPLES = new URL('../../resources/ubl-tr/samples/', import.meta.url);
const index = readFileSync(new URL('ornekler_index.csv', SAMPLES), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => {
    const c = l.split(',');
    return { file: c[0]!.replace(/^samples\//, ''), root: c[1]!, profile: c[3]!, type: c[4]!, id: c[5]!, xsd: c.slice(8).join(',') };
  });

/** An unsigned draft's empty ExtensionContent gets the placeholder our builder puts there. */
const withPlaceholder = (xml: string) =>
  xml.replace(/<((?:[\w.-]+:)?ExtensionContent)\s*\/>|<((?:[\w.-]+:)?ExtensionContent)>\s*<\/(?:[\w.-]+:)?ExtensionContent>/, (_m, a?: string, b?: string) => {
    const tag = a ?? b!;
    return `<${tag}><tzg:ImzaYeri xmlns:tzg="urn:tezgah:edocument:imza-yeri"/></${tag}>`;
  });

describe('samples', () => {
  it('the index lists every sample file', () => {
    const files = ['gib_IDIS_Fatura_sample.xml', ...readdirSync(new URL('izibiz/', SAMPLES)).map((f) => `izibiz/${f}`)];
    expect(index.map((r) => r.file).sort()).toEqual(files.sort());
  });
  for (const s of index) {
    it(`${s.file} parses${s.xsd.startsWith('XSD gecersiz') ? '' : ' and validates against the XSD'}`, async () => {
      const xml = readFileSync(new URL(s.file, SAMPLES), 'utf8');
      const p = parseUbl(xml);
      expect(p.id).toBe(s.id);
      expect(p.profile).toBe(s.profile);
      expect(p.typeCode).toBe(s.type);
      expect(p.uuid).toMatch(/^[0-9a-fA-F-]{36}$/);
      expect(p.lines.length).toBeGreaterThan(0);
      const xsd = await validateXsd(withPlaceholder(xml));
      if (s.xsd.startsWith('XSD gecersiz')) expect(xsd.length).toBeGreaterThan(0);
      else expect(xsd).toEqual([]);
    });
  }
  it('a sample read as a Buffer gives the same result', () => {
    const buf = readFileSync(new URL('izibiz/FATURA_5.xml', SAMPLES));
    const p = parseUbl(buf);
    expect(p.lines).toHaveLength(3);
    expect(p.hasEmbeddedXslt).toBe(true);
  });
});

describe('prefixes are the sender\'s choice', () => {
  it('reads a document with other prefixes and a default namespace, and ignores same-named foreign elements', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<i:Invoice xmlns:i="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:a="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:x="urn:other">
  <ProfileID>TEMELFATURA</ProfileID><x:ID>WRONG</x:ID><ID>ABC2026000000001</ID><UUID>0a1b2c3d-0000-4000-8000-000000000099</UUID><IssueDate>2026-11-01</IssueDate><InvoiceTypeCode>SATIS</InvoiceTypeCode>
  <a:InvoiceLine><ID>1</ID><InvoicedQuantity unitCode="C62">2</InvoicedQuantity><LineExtensionAmount currencyID="TRY">20.00</LineExtensionAmount><a:Item><Name>Kalem</Name></a:Item><a:Price><PriceAmount currencyID="TRY">10</PriceAmount></a:Price></a:InvoiceLine>
</i:Invoice>`;
    const p = parseUbl(xml);
    expect(p.id).toBe('ABC2026000000001');
    expect(p.lines[0]).toMatchObject({ name: 'Kalem', quantity: '2', unitCode: 'C62', unitPrice: '10', lineExtension: '20.00' });
  });
});

describe('hostile and broken input gives UblParseError in Turkish', () => {
  const cases: [string, string | Buffer, RegExp][] = [
    ['0-byte file', Buffer.alloc(0), /boş/],
    ['billion laughs', '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><Invoice>&lol2;</Invoice>', /DOCTYPE/],
    ['external entity', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice><ID>&xxe;</ID></Invoice>', /DOCTYPE/],
    ['not UBL', '<?xml version="1.0"?><html><body>merhaba</body></html>', /UBL-TR belgesi değil/],
    ['truncated', readFileSync(new URL('izibiz/FATURA_2.xml', SAMPLES), 'utf8').slice(0, 3000), /geçerli bir XML değil/],
    ['missing ETTN', '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>X</cbc:ID></Invoice>', /ETTN/],
    ['plain text', 'bu bir fatura değil', /XML değil/],
  ];
  for (const [name, input, re] of cases) {
    it(name, () => {
      expect(() => parseUbl(input)).toThrow(UblParseError);
      expect(() => parseUbl(input)).toThrow(re);
    });
  }
  it('validateUbl refuses the entity bomb without expanding it', async () => {
    const issues = await validateUbl(cases[1]![1] as string);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.source).toBe('XML');
  });
});
