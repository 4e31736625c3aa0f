import fc from 'fast-check';
import 'reflect-metadata';
// carbone's lib/helper.js runs a CPU benchmark (seconds of CPU on a loaded machine) for carbone's
// own test suite when it is loaded where `it` and `describe` are globals. Loaded here, before the
// test framework defines them, it skips it; the file's later require of carbone finds it loaded.
import 'carbone/lib/helper';

// A property test that fails prints its seed and path; FC_SEED and FC_PATH replay that case
// (`FC_SEED=… FC_PATH=… npm test -- <file> -t '<test name>'`), since every run draws anew.
if (process.env.FC_SEED)
  fc.configureGlobal({ seed: Number(process.env.FC_SEED), ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}) });
