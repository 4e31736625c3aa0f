import type { ClientView } from '../../services/sales';

/** The Client resource; absent optional values are null, never left out (decision 25). */
export function presentClient(client: ClientView) {
  return {
    id: client.id,
    clientName: client.clientName,
    email: client.email,
    legalId: client.legalId,
    phone: client.phone,
    address: client.address,
    createdAt: client.createdAt.toISOString(),
  };
}
