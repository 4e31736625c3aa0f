import { Migration } from '@mikro-orm/migrations';

/**
 * A CAI cancelled by SAR (decision 71): its ranges keep their numbers and deadline, and record
 * when and why they stopped issuing. Null on every range before: none was cancelled.
 */
export class Migration20261129500000CaiRangeCancellation extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `cai_ranges` add `cancelled_at` datetime(3) null, add `cancel_reason` varchar(255) null');
  }
}
