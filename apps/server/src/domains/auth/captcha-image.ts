import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { CaptchaStyle } from '../../config.js';

/**
 * How login captchas are drawn (CAPTCHA_STYLE, config.ts):
 * - 'svg' (default): svg-captcha's vector image. Its characters are glyph outlines in the SVG's
 *   path data, which a script can match against the font without any image recognition.
 * - 'distorted' (issue 41): the same glyphs, more noise lines, rasterised (no path data reaches the
 *   browser), bent by two random sine waves and sprinkled with coloured speckles: only OCR that
 *   copes with the warp and the noise reads it.
 */
export interface CaptchaImage {
  text: string;
  /** a data: URL (image/svg+xml or image/png) */
  image: string;
}

const WIDTH = 160;
const HEIGHT = 70;
/** Share of the pixels overwritten by speckles in the distorted style. */
const SPECKLE_SHARE = 0.06;

export async function drawCaptcha(style: CaptchaStyle, length: number, ignoreChars: string): Promise<CaptchaImage> {
  if (style === 'svg') {
    const captcha = svgCaptcha.create({ size: length, noise: 2, ignoreChars });
    return {
      text: captcha.text,
      image: `data:image/svg+xml;base64,${Buffer.from(captcha.data, 'utf8').toString('base64')}`,
    };
  }
  const captcha = svgCaptcha.create({
    size: length,
    noise: 4,
    // dark grey glyphs and lines (a background colour would turn on svg-captcha's pale colours)
    color: false,
    ignoreChars,
    width: WIDTH,
    height: HEIGHT,
    fontSize: 54,
  });
  // Glyphs in dark random hues (svg-captcha's greys are often too pale once speckled).
  const svg = captcha.data.replace(/<path fill="[^"]*"/g, () => `<path fill="${darkColour()}"`);
  const { data, info } = await sharp(Buffer.from(svg, 'utf8'))
    .flatten({ background: '#f4f4f4' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const warped = warp(data, info.width, info.height, info.channels);
  speckle(warped, info.width, info.height, info.channels);
  const png = await sharp(warped, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png()
    .toBuffer();
  return { text: captcha.text, image: `data:image/png;base64,${png.toString('base64')}` };
}

/** A dark colour of a random hue, readable on the light background. */
function darkColour(): string {
  return `hsl(${randomInt(360)}, ${40 + randomInt(40)}%, ${18 + randomInt(14)}%)`;
}

/** A random number in [min, max). */
function between(min: number, max: number): number {
  return min + (randomInt(1_000_000) / 1_000_000) * (max - min);
}

/**
 * Moves every pixel along two sine waves of random amplitude, period and phase (rows sideways,
 * columns up and down), so no character keeps the glyph's outline; what falls outside is background.
 */
function warp(source: Buffer, width: number, height: number, channels: number): Buffer {
  const target = Buffer.alloc(source.length, 0xf4);
  const ampX = between(1.5, 3);
  const ampY = between(2, 4);
  const periodX = between(24, 40);
  const periodY = between(50, 90);
  const phaseX = between(0, 2 * Math.PI);
  const phaseY = between(0, 2 * Math.PI);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sx = Math.round(x + ampX * Math.sin((2 * Math.PI * y) / periodX + phaseX));
      const sy = Math.round(y + ampY * Math.sin((2 * Math.PI * x) / periodY + phaseY));
      if (sx < 0 || sx >= width || sy < 0 || sy >= height) continue;
      source.copy(target, (y * width + x) * channels, (sy * width + sx) * channels, (sy * width + sx + 1) * channels);
    }
  }
  return target;
}

/** Overwrites a share of the pixels with random colours. */
function speckle(pixels: Buffer, width: number, height: number, channels: number): void {
  const count = Math.round(width * height * SPECKLE_SHARE);
  for (let i = 0; i < count; i += 1) {
    const at = randomInt(width * height) * channels;
    for (let c = 0; c < Math.min(3, channels); c += 1) pixels[at + c] = randomInt(256);
  }
}
