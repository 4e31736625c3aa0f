import { ContainerModule } from 'inversify';
import { TOKENS } from '../../tokens';
import { DeliveryMessages } from './delivery-messages.service';
import { DeliveryOutbox } from './delivery-outbox';
import { DeliveryQueue } from './delivery-queue';
import { DeliverySender } from './delivery-sender.service';
import { MailedDocuments } from './mailed-documents';

/**
 * The bindings of e-mail delivery: the outbox the documents kernel writes in each new document's
 * transaction (TOKENS.DocumentOutbox), the queue, the sender and the operators' view of it.
 * Singletons, as every service (src/container.ts).
 */
export const deliveryModule = new ContainerModule(({ bind }) => {
  for (const service of [DeliveryOutbox, DeliveryQueue, DeliverySender, DeliveryMessages, MailedDocuments]) bind(service).toSelf();
  bind(TOKENS.DocumentOutbox).toService(DeliveryOutbox);
});
