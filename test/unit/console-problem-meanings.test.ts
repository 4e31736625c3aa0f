import { SETUP_REASON_FALLBACK, setupReasonMeaning, templateProblemMeaning } from '../../src/console/problem-meanings';
import { SetupValidationError } from '../../src/services/company';
import { parseSetupDocument } from '../../src/services/company/setup/setup-schema';

/** The reasons the setup rules give for a document, as the console receives them (`<path>: <reason>`). */
function reasonsOf(document: unknown): string[] {
  try {
    parseSetupDocument(document);
  } catch (err) {
    if (err instanceof SetupValidationError) return err.problems.map((p) => p.slice(p.indexOf(': ') + 2));
    throw err;
  }
  throw new Error('the document was accepted');
}

describe("the console's Spanish for the problems the services list in English", () => {
  it('has a sentence of its own for every reason the setup rules give a badly filled document', () => {
    const reasons = reasonsOf({
      company: { code: 'x', name: '', rtn: '11111111111111', email: 'no', exchangeRate: '-1', verificationBaseUrl: 'ftp://x', extra: 1 },
      establishments: [
        {
          code: '7',
          emissionPoints: [
            { code: 1, caiRanges: [{ cai: 'A B', rangeStart: 'diez', rangeEnd: 0, deadline: '2026-02-30', documentType: 'x' }] },
          ],
        },
        { code: '000', emissionPoints: [{ code: '001', caiRanges: [{ cai: 'C', rangeStart: 10, rangeEnd: 5, deadline: '2099-12-31' }] }] },
      ],
      products: [{ code: ' P ', name: 'Sin tasa', exempt: 'sí' }],
      clients: [{ code: 'C1', clientName: 'A', email: 'a@b.hn', exoneration: { validUntil: '2027-01-01' } }],
      integration: { emissionPoint: '0001', enabled: 'yes' },
      users: 'nadie',
    });
    expect(reasons.length).toBeGreaterThan(10);
    const untranslated = reasons.filter((r) => setupReasonMeaning(r) === SETUP_REASON_FALLBACK);
    expect(untranslated).toEqual([]);
  });

  it.each([
    ['must not be below rangeStart (10)', 'No puede ser menor que el primer número autorizado (10).'],
    ['unknown price list MAYOREO', 'La empresa no tiene la lista de precios MAYOREO.'],
    ['unknown user NADIE', 'La empresa no tiene el usuario NADIE.'],
    ['must be HNL or USD', 'Debe ser HNL o USD.'],
    ['must be at most 255 characters', 'Debe tener como máximo 255 caracteres.'],
    [
      'numbers 2-50 overlap CAI X-1 (1-5) of emission point 000-001',
      'Los números 2-50 se traslapan con el CAI X-1 (1-5) del punto de emisión 000-001.',
    ],
    ['a rule nobody wrote a sentence for', SETUP_REASON_FALLBACK],
  ])('says %j as %j', (reason, spanish) => {
    expect(setupReasonMeaning(reason)).toBe(spanish);
  });

  it("says a template's problems in Spanish, the fields named as the template writes them", () => {
    expect(templateProblemMeaning('missing required field(s) {d.cai}, {d.qr}')).toBe('Faltan campos obligatorios: {d.cai}, {d.qr}.');
    expect(templateProblemMeaning('membrete.odt is not an ODT file (not a zip package; save it as "ODF Text Document (.odt)")')).toMatch(
      /^El archivo no es una plantilla ODT/,
    );
    expect(templateProblemMeaning('logo.png is not a PNG image')).toBe('El logo no es una imagen PNG.');
  });
});
