import { Client } from '../../../entities';
import type { ClientEntry, ClientSpec } from './setup-document';
import { codeKey } from './setup-state';
import { assignChanged, defined, upsertEntry, WriteContext } from './setup-write-helpers';

/** Operator-side clients; `exoneration: null` clears the exoneration, leaving it out keeps it. */
export function writeClients(ctx: WriteContext, entries: ClientEntry[]): void {
  entries.forEach((entry, i) => {
    const fields = (e: ClientSpec) => ({
      code: e.code,
      clientName: e.clientName,
      email: e.email,
      legalId: e.legalId,
      phone: e.phone,
      address: e.address,
      exonerationCertificate: e.exoneration === undefined ? undefined : (e.exoneration?.certificate ?? null),
      exonerationSagRegistry: e.exoneration === undefined ? undefined : (e.exoneration?.sagRegistry ?? null),
      exonerationValidUntil: e.exoneration === undefined ? undefined : (e.exoneration?.validUntil ?? null),
    });
    const row = upsertEntry(
      ctx,
      { path: `clients[${i}]`, entry: `client ${entry.code}` },
      ctx.existing.clients.get(codeKey(entry.code)),
      entry,
      (e) => ctx.em.create(Client, { ...defined(fields(e)), company: ctx.company, code: e.code, clientName: e.clientName, email: e.email }),
      (r, e) => assignChanged(r, fields(e)),
    );
    if (row) ctx.existing.clients.set(codeKey(entry.code), row);
  });
}
