import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded when the first workbook is read or written. It is the heaviest module the
 * process would otherwise load at start (about a third of a second), and most CLI commands, most
 * service requests and most test files never touch a workbook.
 */
export function excelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
