import { isVerificationToken, newVerificationToken, verificationUrl } from '../../src/domain/verification-token';

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
});
