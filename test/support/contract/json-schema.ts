/**
 * Turns the OpenAPI 3.0 document into what a JSON Schema validator (ajv) checks: references
 * inlined, OpenAPI's boolean exclusiveMinimum turned into the JSON Schema number, and response
 * objects closed (additionalProperties: false) so that a field the code adds without
 * documenting it fails the contract. The published document stays open on purpose: v1 may
 * add response fields and clients must ignore them.
 */
export type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local JSON pointer such as #/components/schemas/Invoice. */
function pointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local references are supported, got ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
}

/** A copy of `node` with every $ref replaced by what it points to (the document has no cycles). */
export function inlineRefs(node: unknown, document: Json, depth = 0): unknown {
  if (depth > 50) throw new Error('reference chain too deep: is there a cycle?');
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, document, depth + 1));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const target = pointer(document, node.$ref);
    if (target === undefined) throw new Error(`unresolved reference ${node.$ref}`);
    return inlineRefs(target, document, depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value, document, depth + 1)]));
}

/**
 * An inlined OpenAPI schema as a closed JSON Schema. Members of allOf are left open themselves
 * (each is only a partial view of the object), but what they contain is closed.
 */
export function closedJsonSchema(schema: unknown, insideAllOf = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => closedJsonSchema(item));
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'allOf' && Array.isArray(value)) out.allOf = value.map((member) => closedJsonSchema(member, true));
    else if (key === 'properties' && isObject(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, closedJsonSchema(s)]));
    else if (key === 'example')
      continue; // an annotation in OpenAPI 3.0, unknown to JSON Schema
    else out[key] = closedJsonSchema(value);
  }
  if (out.exclusiveMinimum === true) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (isObject(out.properties) && out.additionalProperties === undefined && !insideAllOf) out.additionalProperties = false;
  return out;
}
