import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in throttling per (e-mail, client address) with a ceiling per e-mail, counted under a row
 * lock (decision 67): each failure gains the address it came from, and each e-mail tried gets the
 * row its attempts lock in turn. Failures counted before have no address (empty): they still count
 * towards their e-mail's ceiling for the minutes they have left, and towards no address.
 */
export class Migration20261129300000SignInThrottling extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `console_sign_in_failures` add `address` varchar(64) not null after `email`');
    this.addSql(
      'create table `console_sign_in_throttles` (`email` varchar(255) not null, `checked` int unsigned not null default 0, ' +
        'primary key (`email`)) default character set utf8mb4 engine = InnoDB',
    );
  }
}
