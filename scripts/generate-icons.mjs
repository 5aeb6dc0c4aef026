// Draws the app icons (public/icons) with no image library: an upload arrow on the brand blue.
// Run `node scripts/generate-icons.mjs` after changing the design; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT_DIR = new URL('../public/icons/', import.meta.url);
const BRAND = [0x1a, 0x5f, 0xf0]; // THEME_COLOR in src/theme-colors.ts
const WHITE = [0xff, 0xff, 0xff];
const SUPERSAMPLE = 4;

// The glyph in a 100x100 design space: an arrow pointing up over a tray.
const ARROW_HEAD = [
  [50, 18],
  [74, 44],
  [26, 44],
];
const SHAPES = [
  { kind: 'poly', points: ARROW_HEAD },
  { kind: 'rect', x0: 43, y0: 40, x1: 57, y1: 66 }, // arrow stem
  { kind: 'rect', x0: 24, y0: 72, x1: 76, y1: 82 }, // tray
];

function insidePolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideGlyph(x, y) {
  return SHAPES.some((shape) =>
    shape.kind === 'poly'
      ? insidePolygon(x, y, shape.points)
      : x >= shape.x0 && x <= shape.x1 && y >= shape.y0 && y <= shape.y1,
  );
}

function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 100 - radius);
  const cy = Math.min(Math.max(y, radius), 100 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * @param size pixels
 * @param options.radius corner radius in design units (0 = full square, for maskable/apple)
 * @param options.glyphScale glyph size relative to the icon (maskable keeps it in the safe zone)
 */
function drawIcon(size, { radius, glyphScale }) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let glyph = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = ((px + (sx + 0.5) / SUPERSAMPLE) / size) * 100;
          const y = ((py + (sy + 0.5) / SUPERSAMPLE) / size) * 100;
          if (radius > 0 && !insideRoundedSquare(x, y, radius)) continue;
          background++;
          const gx = 50 + (x - 50) / glyphScale;
          const gy = 50 + (y - 50) / glyphScale;
          if (insideGlyph(gx, gy)) glyph++;
        }
      }
      const samples = SUPERSAMPLE * SUPERSAMPLE;
      const mix = background === 0 ? 0 : glyph / background;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) pixels[offset + c] = Math.round(BRAND[c] * (1 - mix) + WHITE[c] * mix);
      pixels[offset + 3] = Math.round((background / samples) * 255);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg() {
  const [head, ...rects] = SHAPES;
  const points = head.points.map(([x, y]) => `${x},${y}`).join(' ');
  const hex = `#${BRAND.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<rect width="100" height="100" rx="22" fill="${hex}"/>`,
    `<polygon points="${points}" fill="#fff"/>`,
    ...rects.map((r) => `<rect x="${r.x0}" y="${r.y0}" width="${r.x1 - r.x0}" height="${r.y1 - r.y0}" fill="#fff"/>`),
    '</svg>',
    '',
  ].join('\n');
}

mkdirSync(OUT_DIR, { recursive: true });
const outputs = {
  'icon-192.png': drawIcon(192, { radius: 22, glyphScale: 1 }),
  'icon-512.png': drawIcon(512, { radius: 22, glyphScale: 1 }),
  // Maskable: full bleed, glyph inside the 80% safe circle.
  'icon-maskable-512.png': drawIcon(512, { radius: 0, glyphScale: 0.7 }),
  // iOS rounds the corners itself and shows transparency as black.
  'apple-touch-icon.png': drawIcon(180, { radius: 0, glyphScale: 0.85 }),
  'icon.svg': Buffer.from(svg()),
};
for (const [name, data] of Object.entries(outputs)) {
  writeFileSync(new URL(name, OUT_DIR), data);
  console.log(`public/icons/${name} (${data.length} bytes)`);
}
