import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDespatch, buildInvoice, renderHtml, renderPdf } from './index';
import { CUSTOMER, invoiceFor, SUPPLIER, uuid } from './fixtures';
import { isSafeXslt, sanitizeHtml } from './render';

const SAMPLES = new URL('../../resources/ubl-tr/samples/', import.meta.url);

describe('renderHtml', () => {
  it('applies the bundled e-Fatura XSLT to our invoice (no embedded XSLT)', async () => {
    const html = await renderHtml(buildInvoice(invoiceFor('TEMELFATURA', 'SATIS', 11)));
    expect(html).toContain('TZG2026000000011');
    expect(html).toContain('Parol 500 mg 20 tablet');
    expect(html).not.toMatch(/<script/i);
  });
  it('uses the XSLT embedded in a sample', async () => {
    const html = await renderHtml(readFileSync(new URL('izibiz/FATURA_5.xml', SAMPLES), 'utf8'));
    expect(html).toContain('DMY2018625161605');
  });
  it('renders a despatch with the e-İrsaliye XSLT', async () => {
    const xml = buildDespatch({
      uuid: uuid(), id: 'IRS2026000000003', issueDate: '2026-11-20', profile: 'TEMELIRSALIYE', type: 'SEVK', supplier: SUPPLIER, customer: CUSTOMER,
      shipmentDate: '2026-11-20', plate: '34ABC123', driver: { firstName: 'Ali', familyName: 'Kaya', tckn: '11111111111' },
      lines: [{ lineNo: 1, name: 'Termometre', quantity: '4', unitCode: 'C62' }], notes: [],
    });
    const html = await renderHtml(xml);
    expect(html).toContain('IRS2026000000003');
    expect(html).toContain('Termometre');
  });
  it('strips scripts and event handlers; refuses XSLTs that read files', () => {
    expect(sanitizeHtml('<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a>')).toBe('<p>a</p><a href="#">b</a>');
    expect(isSafeXslt('<xsl:value-of select="unparsed-text(\'file:///etc/passwd\')"/>')).toBe(false);
    expect(isSafeXslt('<xsl:copy-of select="document(\'http://x\')"/>')).toBe(false);
    expect(isSafeXslt('<xsl:value-of select="format-number(1, \'#\')"/>')).toBe(true);
  });
});

describe('renderPdf', () => {
  it('draws an A4 PDF with the Turkish font embedded', async () => {
    const pdf = await renderPdf(buildInvoice(invoiceFor('TEMELFATURA', 'TEVKIFAT', 12)));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toMatch(/DejaVuSans/);
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });
  it('pages a long invoice', async () => {
    const input = invoiceFor('TEMELFATURA', 'SATIS', 13);
    const base = input.lines[0]!;
    input.lines = Array.from({ length: 90 }, (_, i) => ({ ...base, lineNo: i + 1, name: `Ürün ${i + 1} — ğüşıöç İĞÜŞÖÇ` }));
    const pdf = await renderPdf(buildInvoice(input));
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
  });
});
