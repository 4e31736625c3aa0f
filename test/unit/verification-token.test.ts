import {
  isVerificationBase,
  isVerificationToken,
  newVerificationToken,
  verificationBaseAtIssue,
  verificationUrl,
} from '../../src/domain/verification-token';

describe('verification tokens', () => {
  it('are 22 URL-safe characters (128 random bits), and 1,000 of them are all different', () => {
    const tokens = Array.from({ length: 1000 }, () => newVerificationToken());
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(isVerificationToken(token)).toBe(true);
      expect(encodeURIComponent(token)).toBe(token);
    }
    expect(new Set(tokens).size).toBe(1000);
    // Every character of the alphabet turns up: the bits are spread over all 64 symbols.
    expect(new Set(tokens.join('')).size).toBe(64);
  });

  it('refuses anything else before a database is asked', () => {
    for (const bad of [
      '',
      'abc',
      'A'.repeat(21),
      'A'.repeat(23),
      `${'A'.repeat(21)}=`,
      `${'A'.repeat(21)}/`,
      `${'A'.repeat(21)}é`,
      `${'A'.repeat(21)}\n`,
    ]) {
      expect(isVerificationToken(bad)).toBe(false);
    }
  });

  it('lead to PUBLIC_BASE_URL/verify/{token}', () => {
    expect(verificationUrl('https://facturas.example.hn', 'AbC_-0123456789abcdefg')).toBe(
      'https://facturas.example.hn/verify/AbC_-0123456789abcdefg',
    );
    expect(verificationUrl('http://localhost:3000/', 'x')).toBe('http://localhost:3000/verify/x');
  });

  it("take the company's base when it set one, else the issuing process's, without a trailing slash (decision 70)", () => {
    expect(verificationBaseAtIssue('https://verifica.acme.hn/', 'http://localhost:3000')).toBe('https://verifica.acme.hn');
    expect(verificationBaseAtIssue(null, 'https://facturas.example.hn/caja')).toBe('https://facturas.example.hn/caja');
  });

  it('accept as a base only an absolute http(s) address without credentials, query or fragment, of at most 255 characters', () => {
    for (const good of [
      'http://localhost:3000',
      'https://verifica.acme.hn/',
      'https://acme.hn/facturas',
      `https://a.hn/${'x'.repeat(242)}`,
    ]) {
      expect(isVerificationBase(good)).toBe(true);
    }
    for (const bad of [
      '',
      'verifica.acme.hn',
      'ftp://acme.hn',
      'https://acme.hn/?a=1',
      'https://acme.hn/#x',
      'https://acme.hn#',
      'https://user:pw@acme.hn',
      `https://a.hn/${'x'.repeat(243)}`,
    ]) {
      expect(isVerificationBase(bad)).toBe(false);
    }
  });
});
