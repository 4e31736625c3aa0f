/**
 * Delivery: every invoice and note issued for a client e-mailed to it with its PDF, through an
 * outbox written in the document's own transaction and a sender in every instance (decisions
 * 85-88). It uses sales (the documents and their PDFs) and the kernel, which knows it only as
 * DocumentOutbox. What other contexts and the adapters may use: they import this file, never one
 * inside the folder (.dependency-cruiser.js); files inside the context import each other directly.
 */
export { DeliveryMessages, DELIVERY_LIST_LIMIT } from './delivery-messages.service';
export type { DeliveryMessageView } from './delivery-queue';
export { DeliverySender } from './delivery-sender.service';
export { scheduleDelivery, type DeliverySchedule } from './delivery.scheduler';
export { deliveryModule } from './delivery.module';
