import 'reflect-metadata';
// carbone's lib/helper.js runs a CPU benchmark (seconds of CPU on a loaded machine) for carbone's
// own test suite when it is loaded where `it` and `describe` are globals. Loaded here, before the
// test framework defines them, it skips it; the file's later require of carbone finds it loaded.
import 'carbone/lib/helper';
