import { parse } from 'yaml';

type Json = Record<string, unknown>;

/**
 * The paths of one resource, written as YAML (readable, and the shape the OpenAPI specification
 * itself uses) and parsed once when the document is built. Kept out of the route files so that
 * a handler is not buried under its documentation.
 */
export function openApiPaths(yaml: string): Json {
  const paths: unknown = parse(yaml);
  if (typeof paths !== 'object' || paths === null || Array.isArray(paths)) throw new Error('OpenAPI paths: expected a mapping of paths');
  return paths as Json;
}
