import { describe, expect, it } from 'vitest';
import { gibSchematronXslt, transpileSchematron } from './schematron';
import { loadStylesheet, RES_DIR, transformText } from './xslt';

const MAIN = `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns="http://purl.oclc.org/dsdl/schematron">
  <sch:include href="lib.sch#codes"/>
  <sch:include href="lib.sch#abstracts"/>
  <sch:ns prefix="q" uri="urn:q"/>
  <let name="mode" value="'strict'"/>
  <sch:pattern id="p">
    <sch:rule context="q:a[@special]"><sch:assert test="false()">özel <sch:name/></sch:assert></sch:rule>
    <sch:rule context="q:a"><sch:extends rule="ACheck"/></sch:rule>
  </sch:pattern>
  <rule context="q:b"><report test=". = 'x'">b x oldu: <value-of select="."/></report></rule>
</sch:schema>`;
const LIB = `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron">
  <sch:pattern id="codes"><sch:let name="Codes" value="',A,B,'"/></sch:pattern>
  <sch:pattern id="abstracts">
    <sch:rule abstract="true" id="ACheck">
      <sch:assert test="contains($Codes, concat(',', ., ','))">Geçersiz kod: '<sch:value-of select="."/>' (<sch:value-of select="$mode"/>)</sch:assert>
    </sch:rule>
  </sch:pattern>
</sch:schema>`;

describe('schematron transpiler', () => {
  const xsl = transpileSchematron({ main: 'main.sch', files: { 'main.sch': MAIN, 'lib.sch': LIB }, params: ['mode'] });

  it('resolves includes, abstract rules, lets (one as a parameter) and patterns', () => {
    expect(xsl).toContain('<xsl:param name="mode" select="&apos;strict&apos;"/>'.replace(/&apos;/g, "'"));
    expect(xsl).toContain('<xsl:variable name="Codes"');
    expect(xsl).toContain('rule="ACheck"');
  });

  it('runs: first matching rule of a pattern only, asserts and reports, value-of and name', () => {
    const out = transformText(xsl, '<r xmlns="urn:q"><a>A</a><a>Z</a><a special="1">B</a><b>x</b><b>y</b></r>', { mode: 'lax' });
    const fs = [...out.matchAll(/<f [^>]*rule="([^"]*)"[^>]*kind="([^"]*)"[^>]*>([^<]*)<\/f>/g)].map((m) => [m[1], m[2], m[3]]);
    expect(fs).toEqual([
      ['ACheck', 'assert', "Geçersiz kod: 'Z' (lax)"],
      ['q:a[@special]', 'assert', 'özel a'],
      ['q:b', 'report', 'b x oldu: x'],
    ]);
  });

  it('GİB\'s schematron transpiles from its own files and the precompiled SEF matches it', () => {
    const gib = gibSchematronXslt(RES_DIR);
    // one template per concrete rule: 116 in UBL-TR_Main_Schematron.xml, 4 of ours, one default per pattern
    expect(gib.match(/<xsl:template match=/g)!.length).toBeGreaterThan(120);
    expect(gib).toContain('rule="InvoiceIDCheck"');
    expect(gib).toContain('rule="TZG_Customer"');
    expect(loadStylesheet('gib-schematron').sef).not.toBeNull();
  });
});
