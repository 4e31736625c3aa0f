import type { DeliveryMessageView } from '../../services/delivery';
import { DataTable } from './data-table';
import { formatInstant } from './format';
import { FieldProblem, FormProblem, useRefused, useTyped } from './form-echo';
import { PostForm } from './post-form';

/** Each state as the console names it. */
const STATUS_WORDS = { QUEUED: 'En cola', SENT: 'Enviado', FAILED: 'Fallido' } as const;

/**
 * A document's e-mails to its buyer (decision 88): each message with its state (QUEUED, SENT with
 * its time, FAILED with the server's answer) and attempts, and Reenviar, to the client's address
 * or another typed there. `resendPath` is the POST that resends; an annulled document is not sent.
 * A refused resend comes back here: the address as typed, the refusal in Spanish.
 */
export function DeliveryPanel({
  messages,
  resendPath,
  annulled,
}: {
  messages: DeliveryMessageView[];
  resendPath: string;
  annulled: boolean;
}) {
  const typed = useTyped('resend');
  const refused = useRefused('resend');
  return (
    <section class="panel" aria-labelledby="envios">
      <h2 id="envios">Envíos por correo</h2>
      {messages.length === 0 ? (
        <p>No se ha enviado por correo.</p>
      ) : (
        <DataTable
          caption="Mensajes del documento"
          columns={['Destinatario', 'Estado', { label: 'Intentos', num: true }, 'Detalle', 'Message-ID']}
        >
          {messages.map((m) => (
            <tr key={m.id}>
              <td>{m.recipient}</td>
              <td>
                <span data-status={m.status}>{m.status}</span> ({STATUS_WORDS[m.status]})
              </td>
              <td class="num">{m.attempts}</td>
              <td>
                {m.status === 'SENT' && m.sentAt ? `enviado ${formatInstant(m.sentAt)}` : ''}
                {m.status === 'QUEUED' ? `próximo intento ${formatInstant(m.nextAttemptAt)}` : ''}
                {m.lastError ? ` ${m.lastError}` : ''}
                {m.requestedBy ? ` (reenvío de ${m.requestedBy})` : ''}
              </td>
              <td>
                <code>{m.messageId}</code>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <FormProblem form="resend" />
      {annulled ? (
        <p>El documento está anulado: no se envía.</p>
      ) : (
        <PostForm action={resendPath} class="stack">
          <label for="resend-to">Enviar a (vacío: el correo del cliente)</label>
          <FieldProblem form="resend" name="to" />
          <input id="resend-to" name="to" type="email" maxLength={254} value={typed('to') || undefined} {...refused('to')} />
          <button type="submit">Reenviar</button>
        </PostForm>
      )}
    </section>
  );
}
