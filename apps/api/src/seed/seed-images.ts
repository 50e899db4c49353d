import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_FALLBACK_SUFFIX } from '@ruwa/contract';
import { SEED_IMAGES_DIR } from '../paths';
import { IMAGE_MAX_SIDE, renderImage, type ImageFile } from '../platform/storage/render';

// The demo pictures are part of the build, not uploads: every instance renders them from the SVGs it
// ships with and serves them at /uploads/seed/..., so a catalogue seeded through one instance shows its
// pictures through all of them, whatever the image store (one instance's disk or a bucket).

/** Where the demo pictures are served, under the uploads' path so they are cached and documented alike. */
export const SEED_IMAGES_PATH = '/uploads/seed/';

// The demo SVGs are drawn on a 240 px square.
const SEED_SVG_SIDE = 240;

/**
 * A demo picture's name: its file name and a hash of its source, so a changed drawing gets a new URL
 * and a served file can be cached for good.
 */
const stemOf = (file: string, svg: Buffer) =>
  `${path.basename(file, '.svg')}-${createHash('sha256').update(svg).digest('hex').slice(0, 8)}`;

/** The URL of a demo picture's JPEG fallback (its responsive copies sit beside it, as for uploads). */
export async function seedImageUrl(file: string, dir = SEED_IMAGES_DIR): Promise<string> {
  return `${SEED_IMAGES_PATH}${stemOf(file, await readFile(path.join(dir, file)))}${IMAGE_FALLBACK_SUFFIX}`;
}

/**
 * Reads a demo picture's file by its served name (`<stem><suffix>`), rendering its SVG through the
 * upload pipeline the first time it is asked for (the demo shows what real uploads look like); null
 * for a name that is none of them.
 */
export function seedImageFiles(dir = SEED_IMAGES_DIR) {
  let stems: Promise<Map<string, string>> | undefined;
  const rendered = new Map<string, Promise<ImageFile[]>>();
  const allStems = async () => {
    const files = (await readdir(dir)).filter((file) => file.endsWith('.svg'));
    const entries = await Promise.all(
      files.map(async (file) => [stemOf(file, await readFile(path.join(dir, file))), file] as const),
    );
    return new Map(entries);
  };
  return async function read(name: string): Promise<Buffer | null> {
    stems ??= allStems();
    const byStem = await stems;
    for (const [stem, file] of byStem) {
      if (!name.startsWith(stem)) continue;
      let files = rendered.get(stem);
      if (!files) {
        files = readFile(path.join(dir, file)).then((svg) =>
          renderImage(svg, { density: (72 * IMAGE_MAX_SIDE) / SEED_SVG_SIDE }),
        );
        // A failed render is tried again on the next request rather than kept.
        files.catch(() => rendered.delete(stem));
        rendered.set(stem, files);
      }
      const match = (await files).find((candidate) => `${stem}${candidate.suffix}` === name);
      if (match) return match.bytes;
    }
    return null;
  };
}
