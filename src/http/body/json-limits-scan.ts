import { AppError } from '../../domain/app-error';
import { REQUEST_LIMITS, type RequestLimits } from './request-limits';

interface Frame {
  kind: 'object' | 'array';
  /** Where this container sits, for the message ("items[3].price"). */
  path: string;
  /** Elements (array) or fields (object) seen so far. */
  count: number;
  /** The last field name read in an object, so a nested value can be named. */
  key: string;
}

const OPENERS = new Set(['{', '[']);
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

function childPath(frame: Frame | undefined): string {
  if (frame === undefined) return 'body';
  if (frame.kind === 'array') return `${frame.path}[${Math.max(frame.count - 1, 0)}]`;
  return frame.path === 'body' ? frame.key : `${frame.path}.${frame.key}`;
}

function tooMuch(message: string): never {
  throw new AppError('VALIDATION_FAILED', message);
}

/**
 * One linear pass over the raw JSON text that refuses, with 400 VALIDATION_FAILED naming the
 * place, a body nested too deep, a string too long, an array or object too big. It runs on the
 * raw text of a body JSON.parse accepted (JSON.parse does not recurse) and before anything that
 * walks the parsed value recursively, so nothing recursive ever sees such a body. It does not
 * check the syntax, and stays linear on any text.
 */
export function checkJsonLimits(text: string, limits = REQUEST_LIMITS): void {
  const stack: Frame[] = [];
  let i = 0;
  let previous = ''; // the last character outside strings that is not whitespace
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i = readString(text, i, stack, previous === '{' || previous === ',', limits);
      previous = '"';
      continue;
    }
    if (!WHITESPACE.has(ch)) previous = ch;
    const top = stack[stack.length - 1];
    if (OPENERS.has(ch)) {
      if (top?.kind === 'array' && top.count === 0) top.count = 1;
      const path = childPath(top);
      if (stack.length + 1 > limits.maxDepth) tooMuch(`${path} nests objects or arrays more than ${limits.maxDepth} levels deep.`);
      stack.push({ kind: ch === '{' ? 'object' : 'array', path, count: 0, key: '' });
    } else if (ch === '}' || ch === ']') {
      stack.pop();
    } else if (ch === ',' && top?.kind === 'array') {
      top.count += 1;
      if (top.count > limits.maxArrayLength) tooMuch(`${top.path} has more than ${limits.maxArrayLength} elements.`);
    } else if (top?.kind === 'array' && top.count === 0 && !WHITESPACE.has(ch)) {
      top.count = 1; // first element of an array, a number/literal
    }
    i += 1;
  }
}

/** Reads the string starting at `start` (a quote); returns the index after its closing quote. */
function readString(text: string, start: number, stack: Frame[], afterOpenerOrComma: boolean, limits: RequestLimits): number {
  const top = stack[stack.length - 1];
  // In an object, a string right after { or , is a field name.
  const isKey = top?.kind === 'object' && afterOpenerOrComma;
  if (top?.kind === 'array' && top.count === 0) top.count = 1;
  let length = 0;
  let i = start + 1;
  let closed = false;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      closed = true;
      i += 1;
      break;
    }
    i += ch === '\\' ? (text[i + 1] === 'u' ? 6 : 2) : 1;
    length += 1;
    if (length > limits.maxStringLength) {
      const where = isKey ? `a field name in ${top.path}` : childPath(top);
      tooMuch(`${where} is longer than ${limits.maxStringLength} characters.`);
    }
  }
  if (isKey && closed) {
    top.count += 1;
    if (top.count > limits.maxObjectFields) tooMuch(`${top.path} has more than ${limits.maxObjectFields} fields.`);
    top.key = text.slice(start + 1, i - 1);
  }
  return i;
}
