import * as yup from 'yup';
import type { Company } from '../../../entities';
import { isEmailAddress, isMailbox } from '../../../domain/mailbox';
import { closedObject, flag, text } from './setup-formats';
import { assignChanged, type WriteContext } from './setup-write-helpers';

/**
 * The setup file's `delivery` block, the one place it is read, written and given back (an
 * export writes `deliveryBlockOf(company)`): whether the company's documents are e-mailed to
 * their buyers, and the sender, reply address and blind copy of those messages (decision 85).
 * Stored on the company's row. Absent: as stored (off for a new company); null clears an
 * optional address.
 */
export const deliverySchema = closedObject({
  email: flag(),
  from: text(255)
    .nullable()
    .test(
      'mailbox',
      'must be an e-mail address, alone or after a name: "Facturas Acme <facturas@acme.hn>"',
      (v) => v == null || isMailbox(v),
    ),
  replyTo: address(),
  bcc: address(),
})
  .optional()
  .test('from-when-on', function check(block) {
    if (!block || typeof block !== 'object' || block.email !== true || (typeof block.from === 'string' && block.from !== '')) return true;
    return this.createError({ path: `${this.path}.from`, message: 'is required when email is true' });
  });

function address() {
  return text(255)
    .nullable()
    .test('email', 'must be a valid e-mail address', (v) => v == null || isEmailAddress(v));
}

export type DeliverySpec = NonNullable<yup.InferType<typeof deliverySchema>>;

/** The block as the setup file writes it (what an export gives back); undefined when never set. */
export interface DeliveryBlock {
  email: boolean;
  from?: string;
  replyTo?: string;
  bcc?: string;
}

/** Writes the block over the company's stored settings; records an update when one changes. */
export function writeDelivery(ctx: WriteContext, spec: DeliverySpec, created: boolean): void {
  const changed = assignChanged(ctx.company, {
    deliveryEmail: spec.email,
    deliveryFrom: spec.from,
    deliveryReplyTo: spec.replyTo,
    deliveryBcc: spec.bcc,
  });
  if (changed && !created) ctx.changes.push({ action: 'update', path: 'delivery', entry: 'delivery' });
}

/** The company's stored delivery settings as a `delivery` block; undefined when never set. */
export function deliveryBlockOf(
  company: Pick<Company, 'deliveryEmail' | 'deliveryFrom' | 'deliveryReplyTo' | 'deliveryBcc'>,
): DeliveryBlock | undefined {
  if (!company.deliveryEmail && company.deliveryFrom === null && company.deliveryReplyTo === null && company.deliveryBcc === null)
    return undefined;
  return {
    email: company.deliveryEmail,
    ...(company.deliveryFrom !== null && { from: company.deliveryFrom }),
    ...(company.deliveryReplyTo !== null && { replyTo: company.deliveryReplyTo }),
    ...(company.deliveryBcc !== null && { bcc: company.deliveryBcc }),
  };
}
