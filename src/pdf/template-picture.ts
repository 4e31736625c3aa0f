import { partText, withParts, type OdtPackage } from './odt-package';

/**
 * carbone 3 (community) has no image markers, so pictures are put in before carbone runs: the
 * template holds a placeholder picture whose alternative-text title is a marker (`{logo}`,
 * `{qr}`). Filling it swaps the placeholder's picture bytes and shrinks the frame to the
 * picture's proportions; without a picture the frame is removed, so nothing (not even a blank
 * box) prints.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A draw:frame with no frame nested in it (a placeholder is a plain picture frame). */
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

/** The frame resized to fit its own box while keeping the picture's proportions. */
function fitFrame(frame: string, picture: { width: number; height: number }): string {
  const openTag = frame.slice(0, frame.indexOf('>') + 1);
  const width = LENGTH.exec(attribute(openTag, 'svg:width') ?? '');
  const height = LENGTH.exec(attribute(openTag, 'svg:height') ?? '');
  if (width === null || height === null || width[2] !== height[2]) return frame;
  const scale = Math.min(Number(width[1]) / picture.width, Number(height[1]) / picture.height);
  const unit = width[2];
  const fitted = openTag
    .replace(/\bsvg:width="[^"]*"/, `svg:width="${(picture.width * scale).toFixed(3)}${unit}"`)
    .replace(/\bsvg:height="[^"]*"/, `svg:height="${(picture.height * scale).toFixed(3)}${unit}"`);
  return fitted + frame.slice(openTag.length);
}

/** The package part a placeholder frame embeds, or undefined when it links its picture or has none. */
function embeddedPicture(pkg: OdtPackage, frame: string): string | undefined {
  const picture = /<draw:image\b[^>]*\bxlink:href="([^"]+)"/.exec(frame)?.[1];
  return picture !== undefined && pkg.parts.some((part) => part.name === picture) ? picture : undefined;
}

/** Whether the template has a placeholder for `marker` that can be filled (a frame embedding its picture). */
export function hasPicturePlaceholder(pkg: OdtPackage, marker: string): boolean {
  return XML_PARTS_WITH_FRAMES.some((name) =>
    [...(partText(pkg, name) ?? '').matchAll(FRAME)].some(([frame]) => frame.includes(marker) && embeddedPicture(pkg, frame) !== undefined),
  );
}

/**
 * The template with its `marker` placeholder filled with `picture` (a PNG), the marker replaced
 * by `title`; or the placeholder removed when there is no picture. A template without the
 * placeholder comes back unchanged.
 */
export function fillPicture(pkg: OdtPackage, marker: string, picture: Buffer | undefined, title: string): OdtPackage {
  const size = picture === undefined ? undefined : pngSize(picture);
  const replacements: Record<string, Buffer | string> = {};
  for (const name of XML_PARTS_WITH_FRAMES) {
    const xml = partText(pkg, name);
    if (xml === undefined || !xml.includes(marker)) continue;
    replacements[name] = xml.replace(FRAME, (frame) => {
      if (!frame.includes(marker)) return frame;
      const part = embeddedPicture(pkg, frame);
      if (picture === undefined || size === undefined || part === undefined) return '';
      replacements[part] = picture;
      return fitFrame(frame, size).replace(marker, title);
    });
  }
  return Object.keys(replacements).length === 0 ? pkg : withParts(pkg, replacements);
}
