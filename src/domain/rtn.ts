/** A Honduran RTN (tax id) is exactly 14 digits. */
export function isValidRtn(value: string): boolean {
  return /^\d{14}$/.test(value);
}
