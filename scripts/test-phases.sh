#!/usr/bin/env bash
# `npm test [-- jest arguments]`. Without arguments: every file on two workers, then the Galera
# cluster test alone, because it times 503s against a node's outage and must not share the
# machine. Arguments go to a single jest run (`npm test -- test/integration/invoice-pdf.test.ts`);
# one that names the cluster test runs it the only way jest.config.ts lets it run.
set -euo pipefail
if (($#)); then
  [[ "$*" != *galera-cluster* ]] || export JEST_GALERA_ONLY=1
  exec jest "$@"
fi
jest
JEST_GALERA_ONLY=1 exec jest galera-cluster
