import { Migration } from '@mikro-orm/migrations';

/**
 * An issued invoice keeps, as issued, what its PDF prints of the issuer (company and
 * establishment) and of its CAI authorization (range and deadline): an operator's later edit of
 * the company or the range must never change a legal document already issued. Existing rows are
 * filled from the current setup, then the required columns become NOT NULL.
 */
export class Migration20261122020000InvoiceIssuerSnapshot extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table `invoices` ' +
        'add `issuer_name` varchar(255) null, add `issuer_trade_name` varchar(255) null, add `issuer_rtn` varchar(14) null, ' +
        'add `issuer_address` varchar(255) null, add `issuer_phone` varchar(64) null, add `issuer_email` varchar(255) null, ' +
        'add `establishment_name` varchar(255) null, add `establishment_address` varchar(255) null, ' +
        'add `cai_range_start` int unsigned null, add `cai_range_end` int unsigned null, add `cai_deadline` date null',
    );
    this.addSql(
      'update `invoices` i ' +
        'join `companies` c on c.`id` = i.`company_id` ' +
        'join `emission_points` ep on ep.`id` = i.`emission_point_id` ' +
        'join `establishments` e on e.`id` = ep.`establishment_id` ' +
        'join `cai_ranges` r on r.`id` = i.`cai_range_id` ' +
        'set i.`issuer_name` = c.`name`, i.`issuer_trade_name` = c.`trade_name`, i.`issuer_rtn` = c.`rtn`, ' +
        'i.`issuer_address` = c.`address`, i.`issuer_phone` = c.`phone`, i.`issuer_email` = c.`email`, ' +
        'i.`establishment_name` = e.`name`, i.`establishment_address` = e.`address`, ' +
        'i.`cai_range_start` = r.`range_start`, i.`cai_range_end` = r.`range_end`, i.`cai_deadline` = r.`deadline`',
    );
    this.addSql(
      'alter table `invoices` ' +
        'modify `issuer_name` varchar(255) not null, modify `issuer_rtn` varchar(14) not null, ' +
        'modify `cai_range_start` int unsigned not null, modify `cai_range_end` int unsigned not null, modify `cai_deadline` date not null',
    );
  }
}
