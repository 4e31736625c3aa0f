import type { DemoAdministrator, DemoCredentials } from './demo-setup';
import { demoSku } from './demo-company';

/**
 * What `npm run demo` prints once the service listens: the key and requests that work as pasted,
 * then the console's address and its administrator (null console port: CONSOLE_PORT=off).
 */
export function demoBanner(
  { companyCode, apiKey }: DemoCredentials,
  port: number,
  consolePort: number | null,
  administrator: DemoAdministrator,
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
