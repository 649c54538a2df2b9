import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Face } from './pdf-scripts.ts';

// The font files of the faces beyond Helvetica, from npm packages that ship them (no download
// at install or at run time). Each file is read once per process, when a document first needs
// it, and registered on a sheet only when one of its runs is drawn: pdfkit then embeds the
// subset of glyphs the document uses, with the map back to Unicode that lets a reader copy and
// search the text. Packages: @embedpdf/fonts-latin (Noto Sans), -arabic (Noto Naskh Arabic),
// -hebrew (Noto Sans Hebrew), -sc (Noto Sans CJK SC: simplified and traditional Chinese and
// Japanese) and @expo-google-fonts/noto-emoji (monochrome Noto Emoji).

export type Weight = 'regular' | 'bold';
export type EmbeddedFace = Exclude<Face, 'standard'>;

const require = createRequire(import.meta.url);

/** A file of an @embedpdf font package: its exports hide the fonts folder beside its entry. */
const embedpdf = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);

const FILES: Readonly<Record<EmbeddedFace, () => Record<Weight, string>>> = {
  latin: () => ({
    regular: embedpdf('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
    bold: embedpdf('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
  }),
  arabic: () => ({
    regular: embedpdf('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'),
    bold: embedpdf('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'),
  }),
  hebrew: () => ({
    regular: embedpdf('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'),
    bold: embedpdf('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Bold.ttf'),
  }),
  cjk: () => ({
    regular: embedpdf('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    bold: embedpdf('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
  }),
  emoji: () => ({
    regular: require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  }),
};

const bytes = new Map<string, Buffer>();

/** The font file's bytes, read on first use. */
export function fontFile(face: EmbeddedFace, weight: Weight): Buffer {
  const file = FILES[face]()[weight];
  let data = bytes.get(file);
  if (!data) {
    data = readFileSync(file);
    bytes.set(file, data);
  }
  return data;
}

/** The name a face is registered under on a sheet. */
export const fontName = (face: EmbeddedFace, weight: Weight) => `noto-${face}-${weight}`;
