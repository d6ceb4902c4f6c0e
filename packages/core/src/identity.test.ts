import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX,
  FAVOURITES_MAX,
  IBAN_LENGTH,
  isPlaceholderId,
  isValidEmail,
  isValidInvoicePrefix,
  isValidPassword,
  isValidTagName,
  isValidTckn,
  isValidTcknOrVkn,
  isValidVkn,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PLACEHOLDER_TCKN,
  PLACEHOLDER_VKN,
  TAG_NAME_MAX,
} from './identity';

describe('isValidTckn', () => {
  it.each(['10000000146', '12345678950', '11111111110', '98765432150'])('accepts %s', (s) => {
    expect(isValidTckn(s)).toBe(true);
  });

  it.each([
    ['10000000145', 'wrong 11th digit'],
    ['10000000156', 'wrong 10th digit'],
    ['01234567890', 'leading zero'],
    ['1000000014', 'too short'],
    ['100000001460', 'too long'],
    ['1000000014a', 'not digits'],
    [' 10000000146', 'whitespace'],
    ['', 'empty'],
  ])('rejects %s (%s)', (s) => {
    expect(isValidTckn(s)).toBe(false);
  });

  it('rejects non-strings and the placeholder', () => {
    expect(isValidTckn(null)).toBe(false);
    expect(isValidTckn(undefined)).toBe(false);
    expect(isValidTckn(PLACEHOLDER_TCKN)).toBe(false);
  });

  it('handles a negative intermediate for the 10th digit', () => {
    // odd sum 1, even sum 9+9+9+9 = 36: (7 - 36) mod 10 = 1, sum of first ten = 38 → 8.
    expect(isValidTckn('19090909018')).toBe(true);
  });
});

/** Independent formulation of the GİB VKN check (as commonly published) to cross-check. */
function vknCheckDigit(first9: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const tmp = (Number(first9[i]) + (9 - i)) % 10;
    let val = (tmp * Math.pow(2, 9 - i)) % 9;
    if (tmp !== 0 && val === 0) val = 9;
    sum += val;
  }
  return sum % 10 === 0 ? 0 : 10 - (sum % 10);
}

describe('isValidVkn', () => {
  it.each(['1234567890', '9876543217', '0123456789', '1111111114', '2222222224', '1000000000'])('accepts %s', (s) => {
    expect(isValidVkn(s)).toBe(true);
  });

  it.each([
    ['1234567891', 'wrong check digit'],
    ['123456789', 'too short'],
    ['12345678901', 'too long'],
    ['12345678a0', 'not digits'],
    ['0000000000', 'all zeros (fails the checksum)'],
    ['0000000001', 'nine leading zeros (checksum fits, rejected by rule)'],
  ])('rejects %s (%s)', (s) => {
    expect(isValidVkn(s)).toBe(false);
  });

  it('rejects the placeholder and non-strings', () => {
    expect(isValidVkn(PLACEHOLDER_VKN)).toBe(false);
    expect(isValidVkn(null)).toBe(false);
  });

  it('agrees with an independent implementation on many numbers', () => {
    // 50,000 numbers, one assertion: an expect() per number took seconds on a busy machine.
    const disagreements: string[] = [];
    let checked = 0;
    for (let n = 1; n < 5000; n++) {
      const first9 = String((n * 7919 * 104729) % 1_000_000_000).padStart(9, '0');
      if (first9 === '000000000') continue;
      const check = vknCheckDigit(first9);
      for (let last = 0; last <= 9; last++) {
        checked++;
        if (isValidVkn(first9 + last) !== (last === check)) disagreements.push(first9 + last);
      }
    }
    expect(checked).toBeGreaterThan(49_000);
    expect(disagreements).toEqual([]);
  });
});

describe('isValidTcknOrVkn / isPlaceholderId', () => {
  it('accepts either kind', () => {
    expect(isValidTcknOrVkn('10000000146')).toBe(true);
    expect(isValidTcknOrVkn('1234567890')).toBe(true);
    expect(isValidTcknOrVkn('123')).toBe(false);
  });

  it('recognises the placeholders', () => {
    expect(isPlaceholderId('11111111111')).toBe(true);
    expect(isPlaceholderId('2222222222')).toBe(true);
    expect(isPlaceholderId('10000000146')).toBe(false);
  });
});

describe('isValidEmail', () => {
  it.each(['ali@example.com', 'ayse.yilmaz+fatura@eczane.com.tr', 'a_b-c@sub-domain.example.org', "o'neil@x.io"])(
    'accepts %s',
    (s) => {
      expect(isValidEmail(s)).toBe(true);
    },
  );

  it.each([
    '',
    'plain',
    '@example.com',
    'ali@',
    'ali@example',
    'ali@@example.com',
    'ali example@x.com',
    '.ali@example.com',
    'ali.@example.com',
    'a..li@example.com',
    'ali@-example.com',
    'ali@example-.com',
    'ali@example..com',
    'ali@example.c',
    'ali@example.123',
    'ayşe@example.com',
  ])('rejects %j', (s) => {
    expect(isValidEmail(s)).toBe(false);
  });

  it('limits the length to 254 and the local part to 64', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.com`;
    const local = 'x'.repeat(254 - domain.length - 1);
    expect(`${local}@${domain}`.length).toBe(EMAIL_MAX);
    expect(isValidEmail(`${local.slice(0, 50)}@${domain}`)).toBe(true);
    expect(isValidEmail(`${'x'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'x'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`x@${'a'.repeat(64)}.com`)).toBe(false);
    expect(isValidEmail(`${'x'.repeat(60)}@${domain}`)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
  });
});

describe('isValidPassword', () => {
  it('accepts 4 to 50 characters', () => {
    expect(PASSWORD_MIN).toBe(4);
    expect(PASSWORD_MAX).toBe(50);
    expect(isValidPassword('abcd')).toBe(true);
    expect(isValidPassword('x'.repeat(50))).toBe(true);
    expect(isValidPassword('şğüç')).toBe(true);
  });

  it('rejects shorter, longer and missing passwords', () => {
    expect(isValidPassword('abc')).toBe(false);
    expect(isValidPassword('x'.repeat(51))).toBe(false);
    expect(isValidPassword('')).toBe(false);
    expect(isValidPassword(undefined)).toBe(false);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(isValidPassword('😀😀😀😀')).toBe(true);
    expect(isValidPassword('😀😀')).toBe(false);
  });
});

describe('isValidInvoicePrefix', () => {
  it.each(['ABC2024', '1234567', 'ECZ0001'])('accepts %s', (s) => {
    expect(isValidInvoicePrefix(s)).toBe(true);
  });

  it.each(['ABC202', 'ABC20245', 'abc2024', 'AB-2024', 'ÇAB2024', ' ABC2024', ''])('rejects %j', (s) => {
    expect(isValidInvoicePrefix(s)).toBe(false);
  });
});

describe('limits', () => {
  it('has the seed values', () => {
    expect(TAG_NAME_MAX).toBe(50);
    expect(IBAN_LENGTH).toBe(26);
    expect(FAVOURITES_MAX).toBe(3);
  });

  it('validates tag names', () => {
    expect(isValidTagName('Acil')).toBe(true);
    expect(isValidTagName('x'.repeat(50))).toBe(true);
    expect(isValidTagName('x'.repeat(51))).toBe(false);
    expect(isValidTagName('   ')).toBe(false);
  });
});
