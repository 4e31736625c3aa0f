/**
 * Where a JSON text stops being valid, for an error message with a line number: V8's own
 * messages name a position for some mistakes and only a snippet for others.
 */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const fail = (): never => {
    throw new JsonStop(at);
  };
  const skipSpace = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, at)) at += word.length;
    else fail();
  };
  const string = (): void => {
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text.charCodeAt(at) < 0x20) fail();
      at += text[at] === '\\' ? 2 : 1;
    }
    if (at >= text.length) fail();
    at++;
  };
  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match) fail();
    at += (match as RegExpExecArray)[0].length;
  };
  const items = (close: string, item: () => void): void => {
    at++;
    skipSpace();
    if (text[at] === close) return void at++;
    for (;;) {
      item();
      skipSpace();
      if (text[at] === close) return void at++;
      if (text[at] !== ',') fail();
      at++;
    }
  };
  const value = (): void => {
    skipSpace();
    const c = text[at];
    if (c === '{') {
      items('}', () => {
        skipSpace();
        if (text[at] !== '"') fail();
        string();
        skipSpace();
        if (text[at] !== ':') fail();
        at++;
        value();
      });
    } else if (c === '[') items(']', value);
    else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else number();
  };
  try {
    value();
    skipSpace();
    if (at < text.length) fail();
  } catch (err) {
    if (err instanceof JsonStop) return err.offset;
    throw err;
  }
  return text.length;
}

class JsonStop extends Error {
  constructor(readonly offset: number) {
    super(`invalid JSON at offset ${offset}`);
  }
}
