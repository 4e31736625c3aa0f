# syntax=docker/dockerfile:1
# Honduran invoicing service.
#   docker build -t hn-invoicing .                 runtime image (last stage)
#   docker build --target build -t hn-invoicing:build .   full tree + dev deps, for `npm test`
#
# Stages:
#   base      node:20-bookworm-slim + LibreOffice Writer (no GUI) + python3-uno + poppler + fonts
#   build     npm ci (all deps) + tsc build; has the sources, tests and LibreOffice, so
#             `npm test` runs in it (the PDF tests need soffice, pdftotext and pdfinfo)
#   prod-deps build's node_modules pruned to production dependencies
#   runtime   base + production node_modules + dist + templates, as the unprivileged user `node`

FROM node:20-bookworm-slim AS base
# --no-install-recommends leaves out python3-uno and the Liberation fonts, so they are named:
# carbone's converter needs a python3 with the `uno` module, and the invoice template is set in
# Liberation Sans (fonts-liberation2: the same family as fonts-liberation, newer, and what the
# CI machines render with). tini reaps the soffice.bin / python3 children carbone spawns.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libreoffice-writer-nogui python3-uno poppler-utils \
      fonts-dejavu-core fonts-liberation2 \
      tini \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

FROM base AS build
# Tests only (the docs-page test renders /v1/docs in headless Chromium, as CI does; libfaketime runs
# the CLI at another date); the runtime
# stage starts again from `base`, so the image that serves never carries a browser.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium faketime \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` (the tsc build) needs the sources, copied below; the only
# dependency install script is @scarf/scarf's analytics ping, which has no network to reach.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

FROM build AS prod-deps
# tsc is a regular dependency (prepare runs it), so it stays; jest, ts-jest, @types/* go.
RUN npm prune --omit=dev --no-audit --no-fund

FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    TEMPLATES_DIR=/app/templates
COPY --from=prod-deps --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
# dist/ holds the compiled service, CLIs and migrations (dist/migrations, listed in code).
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/templates ./templates
# Code and templates stay root-owned and read-only to the service; carbone and LibreOffice
# write only under os.tmpdir() (/tmp) and $HOME (/home/node).
USER node
EXPOSE 3000 3001
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "require('http').get({host:'127.0.0.1',port:process.env.PORT||3000,path:'/v1/health',timeout:4000},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1)).on('timeout',function(){this.destroy();process.exit(1)})"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/src/main.js"]
