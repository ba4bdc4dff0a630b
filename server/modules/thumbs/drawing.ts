/**
 * The demo catalogue's pictures. A seeded shop has tens of thousands of parts and no photos, so
 * each image is drawn from its own data instead of stored: an SVG with a shape for the part's
 * type, coloured, turned and lit by the image's seed, labelled with the make, model, part name and
 * Tag. The same inputs always give the same picture; /thumbs rasterises it once per size and
 * keeps the WebP on disk. A real upload would replace the drawing by a stored original, and
 * {@link drawingVersion} by a hash of that file.
 */
import { hash } from 'node:crypto';

/** Bump when the drawing changes, so every image gets a new URL and caches let the old one go. */
export const DRAWING_VERSION = 1;

export interface PartDrawing {
  kind: 'part';
  seed: number;
  tag: string;
  /** The part type's display name ('Headlight (Left)'). */
  partName: string;
  make: string;
  model: string;
}

export interface VehicleDrawing {
  kind: 'vehicle';
  seed: number;
  title: string;
  make: string;
  model: string;
  /** A wide banner rather than a gallery picture. */
  banner: boolean;
}

export type Drawing = PartDrawing | VehicleDrawing;

/** A short hash of everything the picture is drawn from: the `v` of its URL and its ETag. */
export function drawingVersion(drawing: Drawing): string {
  return hash('sha256', JSON.stringify([DRAWING_VERSION, drawing]), 'hex').slice(0, 12);
}

/** mulberry32: a small, good-enough generator, so a seed always draws the same picture. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const round = (n: number) => Math.round(n * 10) / 10;

/** Shapes in a 200 × 200 box centred on (100, 100); `body` and `dark` are fills. */
type Shape = (colours: { body: string; dark: string; light: string }, random: () => number) => string;

const SHAPES: Record<string, Shape> = {
  wheel: ({ body, dark, light }, random) => {
    const spokes = 5 + Math.floor(random() * 4);
    const arms = Array.from({ length: spokes }, (_, i) => {
      const angle = (360 / spokes) * i;
      return `<rect x="94" y="34" width="12" height="52" rx="5" fill="${body}" transform="rotate(${round(angle)} 100 100)"/>`;
    }).join('');
    return `<circle cx="100" cy="100" r="92" fill="#1d1f22"/><circle cx="100" cy="100" r="70" fill="${dark}"/>${arms}<circle cx="100" cy="100" r="16" fill="${light}"/>`;
  },
  lamp: ({ body, dark, light }) =>
    `<path d="M12 70 Q40 24 120 30 Q188 38 190 100 Q186 160 120 168 Q44 172 14 132 Z" fill="${dark}"/>` +
    `<path d="M26 76 Q52 40 118 44 Q174 52 176 100 Q172 150 118 154 Q56 156 28 126 Z" fill="${light}" opacity="0.85"/>` +
    `<circle cx="72" cy="100" r="30" fill="${body}"/><circle cx="72" cy="100" r="14" fill="#ffffff" opacity="0.8"/>` +
    `<circle cx="138" cy="98" r="22" fill="${body}" opacity="0.8"/>`,
  mirror: ({ body, dark, light }) =>
    `<path d="M30 40 L170 52 Q186 100 170 150 L40 160 Q16 100 30 40 Z" fill="${body}"/>` +
    `<path d="M44 56 L160 64 Q172 100 160 138 L50 146 Q32 100 44 56 Z" fill="${light}"/>` +
    `<rect x="150" y="150" width="30" height="36" rx="6" fill="${dark}"/>`,
  panel: ({ body, dark, light }) =>
    `<path d="M16 60 Q60 20 150 26 L186 70 L180 160 Q100 182 22 160 Z" fill="${body}"/>` +
    `<path d="M30 70 Q70 40 146 42 L170 74" stroke="${light}" stroke-width="8" fill="none" opacity="0.7"/>` +
    `<rect x="120" y="100" width="40" height="10" rx="5" fill="${dark}"/>`,
  glass: ({ light, dark }) =>
    `<path d="M24 160 L48 36 L156 36 L180 160 Z" fill="${light}" stroke="${dark}" stroke-width="8" opacity="0.9"/>` +
    `<path d="M70 50 L60 140" stroke="#ffffff" stroke-width="10" opacity="0.6"/><path d="M96 50 L88 100" stroke="#ffffff" stroke-width="6" opacity="0.5"/>`,
  seat: ({ body, dark }) =>
    `<rect x="60" y="10" width="60" height="34" rx="12" fill="${body}"/><rect x="52" y="46" width="76" height="96" rx="20" fill="${body}"/>` +
    `<rect x="40" y="136" width="120" height="38" rx="16" fill="${dark}"/><rect x="80" y="174" width="12" height="20" fill="#333"/>`,
  motor: ({ body, dark, light }) => {
    const fins = Array.from({ length: 12 }, (_, i) => `<rect x="96" y="18" width="8" height="22" fill="${dark}" transform="rotate(${i * 30} 100 100)"/>`).join('');
    return `${fins}<circle cx="100" cy="100" r="66" fill="${body}"/><circle cx="100" cy="100" r="44" fill="${dark}"/>` +
      `<circle cx="100" cy="100" r="20" fill="${light}"/><rect x="150" y="88" width="44" height="24" rx="6" fill="${dark}"/>`;
  },
  electronics: ({ body, dark, light }) => {
    const pins = Array.from({ length: 8 }, (_, i) => `<rect x="${40 + i * 16}" y="150" width="8" height="22" fill="${light}"/>`).join('');
    return `<rect x="24" y="36" width="152" height="118" rx="10" fill="${body}"/><rect x="40" y="52" width="120" height="64" rx="4" fill="${dark}"/>` +
      `<rect x="52" y="64" width="56" height="10" fill="${light}" opacity="0.8"/><rect x="52" y="84" width="88" height="8" fill="${light}" opacity="0.5"/>${pins}`;
  },
  block: ({ body, dark, light }) =>
    `<path d="M20 70 L60 40 L170 40 L186 70 L186 160 L20 160 Z" fill="${body}"/>` +
    Array.from({ length: 4 }, (_, i) => `<circle cx="${50 + i * 36}" cy="70" r="13" fill="${dark}"/>`).join('') +
    `<rect x="32" y="104" width="142" height="14" rx="6" fill="${light}" opacity="0.6"/><rect x="32" y="130" width="142" height="10" rx="5" fill="${dark}"/>`,
  rod: ({ body, dark, light }) =>
    `<g transform="rotate(-30 100 100)"><rect x="8" y="88" width="184" height="24" rx="12" fill="${body}"/>` +
    `<circle cx="22" cy="100" r="20" fill="${dark}"/><circle cx="178" cy="100" r="20" fill="${dark}"/>` +
    `<rect x="60" y="80" width="70" height="40" rx="10" fill="${light}" opacity="0.7"/></g>`,
  caliper: ({ body, dark }) =>
    `<circle cx="100" cy="100" r="90" fill="#8d949b"/><circle cx="100" cy="100" r="34" fill="#5d646b"/>` +
    `<path d="M130 24 Q192 60 186 120 L150 116 Q152 74 118 56 Z" fill="${body}"/><rect x="150" y="60" width="16" height="40" rx="6" fill="${dark}"/>`,
  radiator: ({ body, dark }) =>
    `<rect x="16" y="30" width="168" height="140" rx="8" fill="${dark}"/>` +
    Array.from({ length: 14 }, (_, i) => `<rect x="${26 + i * 11.4}" y="40" width="6" height="120" fill="${body}"/>`).join(''),
  crate: ({ body, dark, light }) =>
    `<path d="M30 60 L100 30 L170 60 L170 150 L100 180 L30 150 Z" fill="${body}"/>` +
    `<path d="M30 60 L100 90 L170 60" stroke="${dark}" stroke-width="6" fill="none"/><path d="M100 90 L100 180" stroke="${dark}" stroke-width="6"/>` +
    `<path d="M52 50 L122 80" stroke="${light}" stroke-width="10" opacity="0.6"/>`,
};

/** Which shape a part type gets, by the words of its name; the first match wins. */
const SHAPE_WORDS: [RegExp, keyof typeof SHAPES][] = [
  [/wheel|tyre|trim|flywheel/i, 'wheel'],
  [/mirror/i, 'mirror'],
  [/light|lamp|repeater|ballast/i, 'lamp'],
  [/glass|windscreen|sunroof glass/i, 'glass'],
  [/seat|headrest|belt/i, 'seat'],
  [/caliper|brake|abs pump|servo/i, 'caliper'],
  [/radiator|condenser|intercooler|cooler|matrix/i, 'radiator'],
  [/alternator|starter|motor|pump|compressor|turbo|fan|horn|speaker/i, 'motor'],
  [/ecu|module|unit|relay|fuse|sensor|cluster|radio|screen|amplifier|camera|key|switch|stalk|spring|clock/i, 'electronics'],
  [/shock|strut|shaft|rack|column|bar|wishbone|linkage|lever|rails/i, 'rod'],
  [/engine|gearbox|head|manifold|sump|differential|axle|transfer|subframe|carrier|block|cover/i, 'block'],
  [/door|bonnet|wing|tailgate|boot|bumper|panel|spoiler|grille|front end|scuttle|liner|flap|dashboard|console|card|shelf/i, 'panel'],
];

function shapeFor(partName: string): Shape {
  const found = SHAPE_WORDS.find(([words]) => words.test(partName));
  return SHAPES[found?.[1] ?? 'crate'] ?? SHAPES.crate!;
}

/** A stable number from text, so each part type keeps its own colour family. */
function hashText(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}%)`;

interface Canvas {
  width: number;
  height: number;
}

function frame({ width, height }: Canvas, backgroundHue: number, random: () => number, content: string): string {
  const angle = Math.round(random() * 90);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${hsl(backgroundHue, 18, 94)}"/><stop offset="1" stop-color="${hsl(backgroundHue + 20, 22, 80)}"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>${content}</svg>`
  );
}

/** Text that fits: a font size from the canvas, and labels left out where they would not be legible. */
function labels(canvas: Canvas, lines: { top: string; bottom: string; corner: string }): string {
  const unit = Math.min(canvas.width, canvas.height);
  if (unit < 100) return '';
  const size = Math.max(11, Math.round(unit / 14));
  const pad = Math.round(size * 0.9);
  const text = (x: number, y: number, anchor: string, weight: number, fontSize: number, content: string, fill = '#1f2933') =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="${weight}" fill="${fill}">${escapeXml(content)}</text>`;
  const corner = Math.round(size * 0.8);
  return (
    text(pad, pad + size, 'start', 700, size, lines.top) +
    (unit >= 160 ? text(pad, canvas.height - pad, 'start', 400, Math.round(size * 0.85), lines.bottom) : '') +
    (unit >= 200
      ? `<rect x="${canvas.width - pad - corner * 7}" y="${pad * 0.4}" width="${corner * 6.8}" height="${corner * 1.6}" rx="${corner * 0.3}" fill="#ffffff" opacity="0.85"/>` +
        text(canvas.width - pad - corner * 3.6, pad * 0.4 + corner * 1.15, 'middle', 700, corner, lines.corner, '#364152')
      : '')
  );
}

/** The SVG of a part's picture at `canvas` size. */
function drawPart(drawing: PartDrawing, canvas: Canvas): string {
  const random = randomFrom(drawing.seed);
  const familyHue = hashText(drawing.partName) % 360;
  const hue = familyHue + (random() - 0.5) * 40;
  const colours = { body: hsl(hue, 35 + random() * 25, 42 + random() * 12), dark: hsl(hue + 10, 25, 24 + random() * 8), light: hsl(hue - 10, 40, 78 + random() * 10) };
  const unit = Math.min(canvas.width, canvas.height);
  const scale = (unit * (0.62 + random() * 0.14)) / 200;
  const cx = canvas.width / 2 + (random() - 0.5) * canvas.width * 0.12;
  const cy = canvas.height / 2 + (random() - 0.5) * canvas.height * 0.06 + (unit >= 160 ? unit * 0.03 : 0);
  const rotation = (random() - 0.5) * 24;
  const shape = shapeFor(drawing.partName)(colours, random);
  const shadow = `<ellipse cx="${round(cx)}" cy="${round(cy + 96 * scale)}" rx="${round(92 * scale)}" ry="${round(14 * scale)}" fill="url(#shadow)"/>`;
  const body = `<g transform="translate(${round(cx - 100 * scale)} ${round(cy - 100 * scale)}) scale(${round(scale * 1000) / 1000}) rotate(${round(rotation)} 100 100)">${shape}</g>`;
  return frame(canvas, familyHue + 180, random, shadow + body + labels(canvas, { top: `${drawing.make} ${drawing.model}`, bottom: drawing.partName, corner: drawing.tag }));
}

/** The SVG of a vehicle product's picture (a car in side view) at `canvas` size. */
function drawVehicle(drawing: VehicleDrawing, canvas: Canvas): string {
  const random = randomFrom(drawing.seed);
  const hue = random() * 360;
  const paint = hsl(hue, 45 + random() * 30, 38 + random() * 18);
  const unit = Math.min(canvas.width * 0.5, canvas.height);
  const scale = (unit * (drawing.banner ? 0.7 : 0.8)) / 200;
  const cx = canvas.width / 2 + (random() - 0.5) * canvas.width * 0.1;
  const cy = canvas.height / 2 + canvas.height * 0.06;
  const car =
    `<path d="M0 130 L10 96 Q30 84 70 80 L110 46 Q130 36 170 36 L250 36 Q280 38 300 70 L330 80 Q352 86 356 110 L358 130 Z" fill="${paint}"/>` +
    `<path d="M122 54 L170 46 L200 46 L200 80 L98 80 Z" fill="#cfe3f2"/><path d="M212 46 L250 46 Q272 50 286 80 L212 80 Z" fill="#cfe3f2"/>` +
    `<circle cx="80" cy="132" r="30" fill="#1d1f22"/><circle cx="80" cy="132" r="14" fill="#9aa3ab"/>` +
    `<circle cx="282" cy="132" r="30" fill="#1d1f22"/><circle cx="282" cy="132" r="14" fill="#9aa3ab"/>`;
  const shadow = `<ellipse cx="${round(cx)}" cy="${round(cy + 62 * scale)}" rx="${round(190 * scale)}" ry="${round(12 * scale)}" fill="url(#shadow)"/>`;
  const body = `<g transform="translate(${round(cx - 180 * scale)} ${round(cy - 100 * scale)}) scale(${round(scale * 1000) / 1000})">${car}</g>`;
  return frame(canvas, hue + 180, random, shadow + body + labels(canvas, { top: `${drawing.make} ${drawing.model}`, bottom: drawing.title, corner: 'FOR SALE' }));
}

/** The SVG of `drawing` at `width` × `height`: vector, so every size is drawn sharp. */
export function drawSvg(drawing: Drawing, width: number, height: number): string {
  const canvas = { width, height };
  return drawing.kind === 'part' ? drawPart(drawing, canvas) : drawVehicle(drawing, canvas);
}

/** The drawing of a part image, from what a card or page already read: the one place its inputs are listed. */
export function partDrawing(seed: number, part: { tag: string; partName: string; make: string; model: string }): PartDrawing {
  return { kind: 'part', seed, tag: part.tag, partName: part.partName, make: part.make, model: part.model };
}

export function vehicleDrawing(seed: number, image: { title: string; banner: boolean; make: string; model: string }): VehicleDrawing {
  return { kind: 'vehicle', seed, title: image.title, make: image.make, model: image.model, banner: image.banner };
}
