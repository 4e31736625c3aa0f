import { partText, withParts, type OdtPackage } from './odt-package';

/**
 * carbone 3 (community) has no image markers, so the logo is put in before carbone runs: the
 * template holds a placeholder picture whose alternative-text title is this marker. With a
 * logo, the placeholder's picture bytes are swapped for it and the frame shrunk to the logo's
 * proportions; without one, the frame is removed, so nothing (not even a blank box) prints.
 */
export const LOGO_MARKER = '{logo}';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A draw:frame with no frame nested in it (a logo placeholder is a plain picture frame). */
const FRAME = /<draw:frame\b[^>]*>(?:(?!<draw:frame\b)[\s\S])*?<\/draw:frame>/g;
const LENGTH = /^([\d.]+)([a-z]+)$/;
const XML_PARTS_WITH_FRAMES = ['content.xml', 'styles.xml'];

/** The pixel size of a PNG, or undefined when `data` is not one. */
export function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') {
    return undefined;
  }
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The frame resized to fit its own box while keeping the logo's proportions. */
function fitFrame(frame: string, logo: { width: number; height: number }): string {
  const openTag = frame.slice(0, frame.indexOf('>') + 1);
  const width = LENGTH.exec(attribute(openTag, 'svg:width') ?? '');
  const height = LENGTH.exec(attribute(openTag, 'svg:height') ?? '');
  if (width === null || height === null || width[2] !== height[2]) return frame;
  const scale = Math.min(Number(width[1]) / logo.width, Number(height[1]) / logo.height);
  const unit = width[2];
  const fitted = openTag
    .replace(/\bsvg:width="[^"]*"/, `svg:width="${(logo.width * scale).toFixed(3)}${unit}"`)
    .replace(/\bsvg:height="[^"]*"/, `svg:height="${(logo.height * scale).toFixed(3)}${unit}"`);
  return fitted + frame.slice(openTag.length);
}

/**
 * The template with its logo placeholder filled with `logo` (a PNG), or removed when there is
 * no logo. A template without a placeholder comes back unchanged.
 */
export function applyLogo(pkg: OdtPackage, logo: Buffer | undefined): OdtPackage {
  const size = logo === undefined ? undefined : pngSize(logo);
  const replacements: Record<string, Buffer | string> = {};
  for (const name of XML_PARTS_WITH_FRAMES) {
    const xml = partText(pkg, name);
    if (xml === undefined || !xml.includes(LOGO_MARKER)) continue;
    replacements[name] = xml.replace(FRAME, (frame) => {
      if (!frame.includes(LOGO_MARKER)) return frame;
      const picture = /<draw:image\b[^>]*\bxlink:href="([^"]+)"/.exec(frame)?.[1];
      const embedded = picture !== undefined && pkg.parts.some((part) => part.name === picture);
      if (logo === undefined || size === undefined || !embedded) return '';
      replacements[picture] = logo;
      return fitFrame(frame, size).replace(LOGO_MARKER, 'Logo');
    });
  }
  return Object.keys(replacements).length === 0 ? pkg : withParts(pkg, replacements);
}
