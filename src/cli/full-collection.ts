import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection on demand, for a long command whose peak memory must not depend on
 * how long it runs. V8 sizes its heap for throughput: the large strings and buffers each PDF
 * render leaves (the template's XML, the PDF itself) go to the old generation, which V8 lets
 * grow to a limit it sets from what it has seen before it collects. So the archive's peak
 * depended on the month's length (measured: 164 MiB for 1,000 documents, 210 MiB for 5,000),
 * although what it holds at any moment does not. A collection every few hundred documents takes
 * a few tens of milliseconds and keeps the peak at what those documents leave.
 *
 * `--expose-gc` set at run time makes the next context created have `gc`; the process's own
 * global is left as it was.
 */
export function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
