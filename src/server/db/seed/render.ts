import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Art } from './art';
import { imageWidths, uploadsDir, type ImageSpec } from './images.ts';

function svgDocument(art: Art, width: number): Buffer {
  const height = Math.round((art.height * width) / art.width);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${art.width} ${art.height}">${art.body}</svg>`);
}

const fileOf = (root: string, spec: ImageSpec, width: number) => path.join(root, spec.kind, `${spec.name}-${width}.webp`);

async function renderSpec(root: string, spec: ImageSpec): Promise<number> {
  const missing = imageWidths(spec.kind).filter((width) => !existsSync(fileOf(root, spec, width)));
  if (missing.length === 0) return 0;
  await mkdir(path.join(root, spec.kind), { recursive: true });
  const art = await spec.art();
  for (const width of missing) {
    // Each width is drawn from the vector source, so small variants stay sharp.
    const data = await sharp(svgDocument(art, width))
      // Effort 2 halves drawing time against the default 4 for about 5% larger files.
      .webp(art.lossless ? { lossless: true } : { quality: 82, effort: 2 })
      .toBuffer();
    const file = fileOf(root, spec, width);
    // Written aside and renamed, so an interrupted or concurrent run never leaves a half
    // file that a later run would mistake for a finished one.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  }
  return missing.length;
}

/** Puts the kept picture's files into `root`: a hard link, or a copy across file systems. */
async function linkSpec(kept: string, root: string, spec: ImageSpec): Promise<void> {
  await mkdir(path.join(root, spec.kind), { recursive: true });
  for (const width of imageWidths(spec.kind)) {
    const [from, to] = [fileOf(kept, spec, width), fileOf(root, spec, width)];
    if (existsSync(to)) continue;
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await copyFile(from, to);
    }
  }
}

/**
 * Renders every image whose files are not there yet; returns how many files it drew. With
 * `keptDir` (SEED_IMAGES_DIR), pictures are drawn into that directory once and linked from
 * there, so a run's many fresh databases (tests, scripts) draw them once between them.
 */
export async function ensureImages(dataDir: string, specs: readonly ImageSpec[], keptDir?: string): Promise<number> {
  const root = uploadsDir(dataDir);
  const kept = keptDir ? path.resolve(keptDir) : undefined;
  const names = new Set<string>();
  for (const spec of specs) {
    const key = `${spec.kind}/${spec.name}`;
    if (names.has(key)) throw new Error(`Image ${key} is defined twice`);
    names.add(key);
  }
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++]!;
      written += await renderSpec(kept ?? root, spec);
      if (kept) await linkSpec(kept, root, spec);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return written;
}
