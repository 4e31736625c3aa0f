import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../../../src/http/openapi/openapi-document';
import { closedJsonSchema, inlineRefs, Json } from './json-schema';

/** What the contract needs of a response; supertest's Response has all of it. */
export interface ObservedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

interface MatchedOperation {
  operationId: string;
  responses: Json;
}

/** Static files of the docs page: part of /v1/docs, not operations of the API. */
const DOCS_ASSETS = '/v1/docs/assets/';
/** The public verification pages: outside /v1 and the API's document (the README describes them). */
const VERIFICATION_PAGES = /^\/verify(\/|$)/;
/** Answers to a path or method that no operation has (the document's description). */
const UNMATCHED: Record<number, string> = { 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED' };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The OpenAPI document as a response checker: finds the operation of a request, and says what
 * in a response the document does not allow (an undocumented status, a missing required header,
 * another content type, a body that does not match the schema, fields it does not list). It
 * records which (operation, status) pairs were seen, so a suite can prove it reached them all.
 */
export class ApiContract {
  private readonly ajv = new Ajv({ allErrors: true, strict: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly operations: { method: string; pattern: RegExp; literal: boolean; operation: MatchedOperation }[] = [];
  readonly seen = new Set<string>();

  constructor(private readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
    for (const [template, pathItem] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(pathItem as Json)) {
        const op = inlineRefs(operation, document) as Json;
        const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        this.operations.push({
          method,
          pattern,
          literal: !template.includes('{'),
          operation: { operationId: String(op.operationId), responses: op.responses as Json },
        });
      }
    }
    // A literal path wins over a template that also matches (/v1/invoices/preview vs {id}).
    this.operations.sort((a, b) => Number(b.literal) - Number(a.literal));
  }

  /** Every (operationId, status) pair the document declares, as "operationId status". */
  documentedPairs(): string[] {
    return this.operations.flatMap(({ operation }) =>
      Object.keys(operation.responses).map((status) => `${operation.operationId} ${status}`),
    );
  }

  /** The problems of one response to `method url`, empty when it satisfies the document. */
  problems(method: string, url: string, res: ObservedResponse): string[] {
    const path = new URL(url, 'http://contract.invalid').pathname;
    if (path.startsWith(DOCS_ASSETS) || VERIFICATION_PAGES.test(path)) return [];
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const match = this.operations.find((o) => o.method === verb && o.pattern.test(path));
    if (!match) return this.unmatchedProblems(res);
    const { operationId, responses } = match.operation;
    const documented = responses[String(res.status)];
    if (!isObject(documented))
      return [`status ${res.status} is not documented for ${operationId} (documented: ${Object.keys(responses).join(', ')})`];
    this.seen.add(`${operationId} ${res.status}`);
    const where = `${operationId} ${res.status}`;
    const problems = this.headerProblems(where, documented, res);
    if (verb !== method.toLowerCase()) return problems; // HEAD: no body to check
    return [...problems, ...this.contentProblems(where, documented, res)];
  }

  /** Throws one error listing every problem, for use as a supertest assertion. */
  assertResponse(method: string, url: string, res: ObservedResponse): void {
    const problems = this.problems(method, url, res);
    if (problems.length > 0) {
      throw new Error(
        `${method.toUpperCase()} ${url} -> ${res.status} does not satisfy the OpenAPI document:\n- ${problems.join('\n- ')}\nbody: ${preview(res.body)}`,
      );
    }
  }

  private unmatchedProblems(res: ObservedResponse): string[] {
    const code = UNMATCHED[res.status];
    if (!code) return [`no documented operation matches, and ${res.status} is neither 404 NOT_FOUND nor 405 METHOD_NOT_ALLOWED`];
    const errors = this.validate(`unmatched ${res.status}`, { $ref: '#/components/schemas/ErrorResponse' }, res.body);
    if (!res.headers['x-request-id']) errors.push('X-Request-Id header missing');
    const body = res.body as { code?: unknown };
    return body?.code === code ? errors : [...errors, `expected code ${code}, got ${String(body?.code)}`];
  }

  private headerProblems(where: string, documented: Json, res: ObservedResponse): string[] {
    const headers = isObject(documented.headers) ? documented.headers : {};
    return Object.entries(headers)
      .filter(([name, header]) => isObject(header) && header.required === true && res.headers[name.toLowerCase()] === undefined)
      .map(([name]) => `${where}: required header ${name} missing`);
  }

  private contentProblems(where: string, documented: Json, res: ObservedResponse): string[] {
    const content = isObject(documented.content) ? documented.content : undefined;
    const received = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    if (!content) return received ? [`${where}: documented without a body, but the response has ${received}`] : [];
    const media = content[received];
    if (!isObject(media))
      return [`${where}: content type "${received}" is not documented (documented: ${Object.keys(content).join(', ')})`];
    if (received !== 'application/json') return [];
    return this.validate(`${where} ${received}`, media.schema, res.body);
  }

  private validate(key: string, schema: unknown, body: unknown): string[] {
    let validator = this.validators.get(key);
    if (!validator) {
      validator = this.ajv.compile(closedJsonSchema(inlineRefs(schema, this.document)) as Json);
      this.validators.set(key, validator);
    }
    if (validator(body)) return [];
    return (validator.errors ?? []).map(
      (e) => `${key}: body${e.instancePath} ${e.message}${e.keyword === 'additionalProperties' ? ` (${JSON.stringify(e.params)})` : ''}`,
    );
  }
}

function preview(body: unknown): string {
  const text = Buffer.isBuffer(body) ? `<${body.length} bytes>` : (JSON.stringify(body) ?? String(body));
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

let shared: ApiContract | undefined;

/** The contract of the document the service serves at /v1/docs-yaml, built once per test file. */
export function apiContract(): ApiContract {
  shared ??= new ApiContract(buildOpenApiDocument());
  return shared;
}
