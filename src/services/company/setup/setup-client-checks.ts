import type { SetupDocument } from './setup-document';
import { codeKey, ExistingSetup } from './setup-state';
import type { ProblemList } from './setup-validation-error';

/** The API names its clients API-<id>; a file client with such a code would take a future one's. */
const API_CODE = /^API-/i;

/**
 * Client rules the database would otherwise enforce with a bare unique-index error: an RTN
 * belongs to one live client of the company (a deleted one frees it, as the index counts live ones only).
 */
export function checkClients(doc: SetupDocument, existing: ExistingSetup, problems: ProblemList): void {
  doc.clients?.forEach((client, i) => {
    if (client.deleted) return;
    if (!existing.clients.has(codeKey(client.code)) && API_CODE.test(client.code)) {
      problems.add(`clients[${i}].code`, 'codes starting with API- are reserved for clients created through the API');
    }
    if (typeof client.legalId !== 'string') return;
    const holder = existing.clientsByLegalId.get(client.legalId);
    if (holder && codeKey(holder.code) !== codeKey(client.code)) {
      problems.add(`clients[${i}].legalId`, `RTN ${client.legalId} already belongs to client ${holder.code}`);
    }
  });
}
