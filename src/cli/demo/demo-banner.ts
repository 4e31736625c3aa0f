import type { DemoAdministrator, DemoCredentials } from './demo-setup';
import { demoSku } from './demo-company';

/**
 * What `npm run demo` prints once the service listens: the key and requests that work as pasted,
 * then the console's address and its administrator (null console port: CONSOLE_PORT=off), and
 * where the invoices' e-mails to the demo's clients go (`mailDestination`: the SMTP server, or the
 * folder of `.eml` files).
 */
export function demoBanner(
  { companyCode, apiKey }: DemoCredentials,
  port: number,
  consolePort: number | null,
  administrator: DemoAdministrator,
  mailDestination: string,
): string {
  const base = `http://localhost:${port}`;
  const auth = `-H "Authorization: Bearer ${apiKey}"`;
  const preview = JSON.stringify({
    items: [
      { externalProductId: demoSku('P-CAFE'), quantity: 2 },
      { externalProductId: demoSku('P-LECHE'), quantity: 3 },
    ],
  });
  return [
    '',
    `Demo company ${companyCode} is ready.`,
    `API key: ${apiKey}`,
    `List clients:      curl -s ${auth} ${base}/v1/clients`,
    `Preview a sale:    curl -s ${auth} -H "Content-Type: application/json" -d '${preview}' ${base}/v1/invoices/preview`,
    `Issue it:          curl -s ${auth} -H "Content-Type: application/json" -H "Idempotency-Key: demo-sale-1" -d '${preview}' ${base}/v1/invoices`,
    `Credit a return:   npm run --silent admin -- note credit --company ${companyCode} --invoice-id ID --reason "Devolución de un café" --return 1:1   (ID: the "id" the sale answered)`,
    `API documentation: ${base}/v1/docs`,
    mailDestination.startsWith('smtp')
      ? `E-mails to clients: sent through ${mailDestination} (a sale with "clientId", e.g. the hotel's, is e-mailed with its PDF)`
      : `E-mails to clients: written as .eml files into ${mailDestination} (a sale with "clientId", e.g. the hotel's, is e-mailed with its PDF; open a file with any mail program)`,
    ...(consolePort === null
      ? ['Operator console: off (CONSOLE_PORT=off)']
      : [
          `Operator console:  http://localhost:${consolePort}/`,
          `Console administrator e-mail:    ${administrator.email}`,
          `Console administrator password:  ${administrator.password}`,
        ]),
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
}
