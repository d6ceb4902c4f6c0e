import { describe, expect, it } from 'vitest';
import { NotSoap, arr, attr, parseSoap, soapEnvelope, soapFault, text } from './soap';

describe('the kernel\'s SOAP helpers', () => {
  it('builds an envelope from plain objects and reads it back without prefixes', () => {
    const xml = soapEnvelope({ ser: 'urn:s' }, { 'x:Token': { '@xmlns:x': 'urn:x', '#': 'T&1' } }, {
      'ser:ask': { arg0: { no: 7, ok: true, gone: null, line: [{ a: 'İlaç <1>' }, { a: 'b' }], el: { '@id': '5', '#': 'v' } } },
    });
    expect(xml).toContain('<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ser="urn:s">');
    expect(xml).not.toContain('gone');
    const m = parseSoap(xml);
    if ('fault' in m) throw new Error('a fault');
    expect(m.element).toBe('ask');
    expect(text(m.header.Token)).toBe('T&1');
    const arg0 = m.body.arg0;
    expect([text(arg0.no), text(arg0.ok)]).toEqual(['7', 'true']);
    expect(arr(arg0.line).map((l: any) => text(l.a))).toEqual(['İlaç <1>', 'b']);
    expect([attr(arg0.el, 'id'), text(arg0.el)]).toEqual(['5', 'v']);
    expect(arr(undefined)).toEqual([]);
  });

  it('reads a fault with its detail, and refuses what is not SOAP', () => {
    const f = parseSoap(soapFault('Client', 'olmadı', { E: { CODE: '10' } }));
    expect(f).toEqual({ fault: { faultcode: 'soapenv:Client', faultstring: 'olmadı', detail: { E: { CODE: '10' } } } });
    for (const bad of ['', 'not xml <', '<a/>', '<s:Envelope xmlns:s="urn:x"/>', '<s:Envelope xmlns:s="urn:x"><s:Body/></s:Envelope>']) {
      expect(() => parseSoap(bad), bad).toThrow(NotSoap);
    }
  });
});
