// Draws the app's icons from public/icon.svg (the favicon): public/favicon.ico (16, 32 and 48 px),
// the web manifest's PNGs (192 and 512 px, and a full-bleed "maskable" 512 px) and the Apple touch
// icon (180 px, full-bleed: iOS rounds the corners itself). Run it after changing the SVG:
//   node scripts/make-icons.mjs
// It needs rsvg-convert (Debian: apt-get install librsvg2-bin); the PNGs it writes are committed,
// so building and running the dashboard never needs it.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const icon = readFileSync(path.join(publicDir, "icon.svg"), "utf8");

/**
 * The same fence on a square of the brand colour, scaled to span the middle 60% (a maskable icon's
 * safe zone is the middle 80%; the favicon's fence spans 22 of its 32 units, centred).
 */
const FIT = (0.6 * 32) / 22;

function fullBleed(svg) {
  const brand = /<rect [^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
  const fence = /<g [\s\S]*<\/g>/.exec(svg)?.[0];
  if (!brand || !fence) throw new Error("public/icon.svg: expected a <rect fill> background and a <g> drawing");
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `  <rect width="32" height="32" fill="${brand}"/>`,
    `  <g transform="translate(${16 - 16 * FIT} ${16 - 16 * FIT}) scale(${FIT})">${fence}</g>`,
    "</svg>",
  ].join("\n");
}

function png(svg, size) {
  return execFileSync("rsvg-convert", ["--width", String(size), "--height", String(size), "--format", "png"], { input: svg });
}

/** An ICO file holding PNG images (every current browser reads PNG inside ICO). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += data.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const maskable = fullBleed(icon);
const outputs = {
  "favicon.ico": ico([16, 32, 48].map((size) => ({ size, data: png(icon, size) }))),
  "icons/icon-192.png": png(icon, 192),
  "icons/icon-512.png": png(icon, 512),
  "icons/icon-maskable-512.png": png(maskable, 512),
  "icons/apple-touch-icon.png": png(maskable, 180),
};
for (const [name, data] of Object.entries(outputs)) {
  writeFileSync(path.join(publicDir, name), data);
  console.log(`public/${name}: ${data.length} bytes`);
}
