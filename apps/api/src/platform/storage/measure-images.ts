/**
 * Measures the upload pipeline on real files: bytes written per copy and time per upload, plus what
 * AVIF copies would cost (docs/decisions/006 explains why there are none).
 *
 *   node --import tsx apps/api/src/platform/storage/measure-images.ts photo.jpg [more files...]
 *
 * Without arguments it measures the demo SVGs the seed renders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@ruwa/contract';
import { SEED_IMAGES_DIR } from '../../paths';
import { IMAGE_MAX_SIDE, renderImage } from './render';

const RUNS = 7;

async function median(task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(file: string) {
  const input = readFileSync(file);
  const svg = file.endsWith('.svg');
  const options = svg ? { density: (72 * IMAGE_MAX_SIDE) / 240 } : {};
  const meta = await sharp(input).metadata();
  const files = await renderImage(input, options);
  const ms = await median(() => renderImage(input, options));
  console.log(`${path.basename(file)}: ${kb(input.length)} ${meta.width}x${meta.height} ${meta.format}`);
  console.log(`  pipeline (JPEG fallback + ${IMAGE_WIDTHS.length} WebP): median ${ms.toFixed(0)} ms over ${RUNS} runs`);
  for (const { suffix, bytes } of files) console.log(`  ${suffix.padEnd(12)} ${kb(bytes.length)}`);

  for (const effort of [4, 2]) {
    const avif = () =>
      Promise.all(
        IMAGE_WIDTHS.map((width) =>
          sharp(input, options).autoOrient().resize({ width, withoutEnlargement: true }).avif({ effort }).toBuffer(),
        ),
      );
    const sizes = (await avif()).map((bytes, index) => `${IMAGE_WIDTHS[index]}: ${kb(bytes.length)}`).join(', ');
    console.log(`  AVIF effort ${effort} would add median ${(await median(avif)).toFixed(0)} ms (${sizes})`);
  }
}

const files = process.argv.slice(2);
const targets = files.length > 0 ? files : readdirSync(SEED_IMAGES_DIR).map((name) => path.join(SEED_IMAGES_DIR, name));
for (const file of targets) await measure(file);
