import type { Readable } from 'node:stream';

/**
 * The first line of `input`, without its line ending (\n or \r\n), read only as far as needed: a
 * password piped in by `--password-stdin` (`printf '%s\n' "$PW" | admin ...`), never echoed.
 */
export function readFirstLine(input: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = () => {
      input.off('data', onData);
      input.off('end', finish);
      input.off('error', reject);
      input.pause();
      const end = text.indexOf('\n');
      resolve((end === -1 ? text : text.slice(0, end)).replace(/\r$/, ''));
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (text.includes('\n')) finish();
    };
    input.setEncoding('utf8');
    input.on('data', onData);
    input.once('end', finish);
    input.once('error', reject);
  });
}
