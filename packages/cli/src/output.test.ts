import { describe, expect, it } from 'vitest';
import { cell, formatDateTime, makeOutput, renderKeyValues, renderTable } from './output';
import { sink } from './testing/fake-server';

describe('renderTable', () => {
  it('aligns columns, right-aligns numbers and upper-cases headers', () => {
    const rows = [
      { id: 7, name: 'Merkez Eczanesi', active: true },
      { id: 123, name: 'Şube', active: false },
    ];
    expect(
      renderTable(rows, [
        { header: 'Id', value: (r) => r.id },
        { header: 'Name', value: (r) => r.name },
        { header: 'Active', value: (r) => r.active },
      ]),
    ).toBe([' ID  NAME             ACTIVE', '  7  Merkez Eczanesi  yes', '123  Şube             no', ''].join('\n'));
  });

  it('counts Turkish letters as one column each and cuts long cells', () => {
    const out = renderTable([{ a: 'ğüşıöç', b: 'x' }, { a: 'abc', b: 'y' }], [
      { header: 'a', value: (r) => r.a },
      { header: 'b', value: (r) => r.b },
    ]);
    expect(out.split('\n')[1]).toBe('ğüşıöç  x');
    expect(out.split('\n')[2]).toBe('abc     y');
    const cut = renderTable([{ t: 'abcdefghij' }], [{ header: 't', value: (r) => r.t, maxWidth: 5 }]);
    expect(cut.split('\n')[1]).toBe('abcd…');
  });

  it('shows nothing as -, lists joined, newlines flattened', () => {
    expect(cell(null)).toBe('-');
    expect(cell(undefined)).toBe('-');
    expect(cell('')).toBe('-');
    expect(cell([])).toBe('-');
    expect(cell(['a', 'b'])).toBe('a, b');
    expect(cell('two\nlines')).toBe('two lines');
    expect(cell({ a: 1 })).toBe('{"a":1}');
    expect(cell(0)).toBe('0');
  });
});

describe('renderKeyValues', () => {
  it('pads the labels to one width', () => {
    expect(renderKeyValues([['Login', 'eczaci'], ['E-mail', null]])).toBe('Login   eczaci\nE-mail  -\n');
  });
});

describe('formatDateTime', () => {
  it('formats DD-MM-YYYY HH:mm in local time and leaves non-dates alone', () => {
    const d = new Date(2025, 2, 4, 9, 5);
    expect(formatDateTime(d.toISOString())).toBe('04-03-2025 09:05');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('-');
  });
});

describe('makeOutput', () => {
  it('prints JSON in json mode and the human form otherwise', () => {
    const out = sink();
    const err = sink();
    const mode = { json: false };
    const o = makeOutput(out, err, mode);
    o.result({ a: 1 }, (v) => o.line(`a is ${v.a}`));
    mode.json = true;
    o.result({ a: 1 }, () => o.line('never'));
    o.note('to stderr');
    expect(out.text()).toBe('a is 1\n{\n  "a": 1\n}\n');
    expect(err.text()).toBe('to stderr\n');
    mode.json = false;
    o.table([], [{ header: 'x', value: () => 1 }]);
    expect(out.text().endsWith('(none)\n')).toBe(true);
  });

  it('speaks the mode\'s language: yes/no, no rows, upper-cased headers', () => {
    const out = sink();
    const o = makeOutput(out, sink(), { json: false, lang: 'tr' });
    expect(o.lang).toBe('tr');
    o.table([{ aktif: true, il: 'İzmir' }], [{ header: 'Aktif', value: (r) => r.aktif }, { header: 'il', value: (r) => r.il }]);
    o.table([], [{ header: 'x', value: () => 1 }]);
    o.keyValues([['Birincil', false]]);
    expect(out.text()).toBe('AKTİF  İL\nevet   İzmir\n(yok)\nBirincil  hayır\n');
  });
});
