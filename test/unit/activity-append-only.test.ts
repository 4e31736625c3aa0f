import fs from 'node:fs';
import path from 'node:path';

/**
 * The activity trail is append-only (decision 60): no code path may change or remove a row. MySQL
 * 8 and MariaDB share no simple way to forbid it in the database (a trigger needs SUPER or
 * log_bin_trust_function_creators where binary logging is on, as it is by default on MySQL 8), so
 * the rule is kept here, over every source file: no SQL statement that updates, deletes, replaces
 * or truncates the table, no ORM call that could, and one INSERT in one file.
 */
const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src', 'migrations', 'config', 'scripts'];
const ACTIVITY_FOLDER = 'src/services/access/activity/';
/** The only files that may name the entity: its declaration, the entity list, and the trail's own folder. */
const ENTITY_HOMES = ['src/entities/activity-entry.entity.ts', 'src/entities/index.ts'];

const TABLE = '[`"]?activity[`"]?(?![\\w-])';
const FORBIDDEN_SQL: ReadonlyArray<[string, RegExp]> = [
  ['UPDATE', new RegExp(`\\bupdate\\s+(?:ignore\\s+|low_priority\\s+)*${TABLE}`, 'i')],
  ['DELETE', new RegExp(`\\bdelete\\s+(?:\\w+\\s+)*?from\\s+${TABLE}`, 'i')],
  ['TRUNCATE', new RegExp(`\\btruncate\\s+(?:table\\s+)?${TABLE}`, 'i')],
  ['REPLACE', new RegExp(`\\breplace\\s+(?:into\\s+)?${TABLE}`, 'i')],
  ['DROP', new RegExp(`\\bdrop\\s+table\\s+(?:if\\s+exists\\s+)?${TABLE}`, 'i')],
];
const FORBIDDEN_ORM =
  /\b(?:nativeUpdate|nativeDelete|remove|removeAndFlush|upsert|upsertMany|assign)\s*\(\s*(?:ActivityEntry|[^,)]*activity)/i;
const INSERT = new RegExp(`\\binsert\\s+(?:ignore\\s+)?into\\s+${TABLE}`, 'i');

function sourceFiles(): { file: string; text: string }[] {
  const files: { file: string; text: string }[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(rel);
      else if (/\.(ts|js|sql)$/.test(entry.name)) files.push({ file: rel, text: fs.readFileSync(path.join(ROOT, rel), 'utf8') });
    }
  };
  for (const dir of SCANNED) if (fs.existsSync(path.join(ROOT, dir))) visit(dir);
  return files;
}

/** What in `text` would change or remove a row of the trail. */
function violations(file: string, text: string): string[] {
  const found = FORBIDDEN_SQL.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${file}: ${name} on activity`);
  if (FORBIDDEN_ORM.test(text)) found.push(`${file}: an ORM call that changes or removes activity rows`);
  if (INSERT.test(text) && !file.startsWith(ACTIVITY_FOLDER)) found.push(`${file}: an INSERT into activity outside ${ACTIVITY_FOLDER}`);
  if (/\bActivityEntry\b/.test(text) && !file.startsWith(ACTIVITY_FOLDER) && !ENTITY_HOMES.includes(file))
    found.push(`${file}: uses the ActivityEntry entity outside ${ACTIVITY_FOLDER}`);
  if (file.startsWith(ACTIVITY_FOLDER) && /\b(UPDATE|DELETE)\b/.test(text))
    found.push(`${file}: UPDATE or DELETE in the trail's own folder`);
  return found;
}

describe('the activity trail is append-only', () => {
  it('no source file updates, deletes, replaces or truncates activity rows', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(({ file, text }) => violations(file, text))).toEqual([]);
  });

  it('one file inserts its rows: the trail itself', () => {
    expect(
      sourceFiles()
        .filter(({ text }) => INSERT.test(text))
        .map(({ file }) => file),
    ).toEqual([`${ACTIVITY_FOLDER}activity-insert.ts`]);
  });

  // The scan must be able to fail: each way of changing the table is caught.
  it.each([
    ['src/services/x.ts', 'await tx.run("UPDATE activity SET actor = ? WHERE id = ?", [a, id])'],
    ['src/services/x.ts', "execute('update `activity` set target = ?')"],
    ['src/services/x.ts', "execute('DELETE FROM activity WHERE at < ?')"],
    ['src/services/x.ts', "execute('delete low_priority from `activity`')"],
    ['src/services/x.ts', "execute('truncate table activity')"],
    ['src/services/x.ts', "execute('REPLACE INTO activity (id) VALUES (1)')"],
    ['migrations/M.ts', "this.addSql('drop table if exists `activity`')"],
    ['src/services/x.ts', 'await em.nativeDelete(ActivityEntry, {})'],
    ['src/services/x.ts', 'await em.nativeUpdate(ActivityEntry, { id }, { actor })'],
    ['src/services/x.ts', "execute('INSERT INTO activity (at) VALUES (?)')"],
    ['src/http/x.ts', 'em.find(ActivityEntry, {})'],
    [`${ACTIVITY_FOLDER}x.ts`, 'const sql = `UPDATE ${table} SET actor = ?`'],
  ])('catches %s: %s', (file, text) => {
    expect(violations(file, text)).not.toEqual([]);
  });

  it.each([
    'update activity_summary set n = n + 1',
    'delete from activities_log',
    'the service never updates or deletes a row',
    "this.addSql('alter table `activity` add index `ix_activity_at`(`at`, `id`)')",
  ])('leaves alone: %s', (text) => {
    expect(violations('src/services/x.ts', text)).toEqual([]);
  });
});
