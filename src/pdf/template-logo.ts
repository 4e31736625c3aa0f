import type { OdtPackage } from './odt-package';
import { fillPicture } from './template-picture';

export { pngSize } from './template-picture';

/**
 * The alternative-text title of the logo placeholder (template-picture.ts). With a logo, the
 * placeholder's picture is swapped for it; without one, the frame is removed.
 */
export const LOGO_MARKER = '{logo}';

/**
 * The template with its logo placeholder filled with `logo` (a PNG), or removed when there is
 * no logo. A template without a placeholder comes back unchanged.
 */
export function applyLogo(pkg: OdtPackage, logo: Buffer | undefined): OdtPackage {
  return fillPicture(pkg, LOGO_MARKER, logo, 'Logo');
}
