import { fontFile, fontName, type Weight } from './pdf-fonts.ts';
import { helveticaFit, helveticaUnits } from './pdf-metrics.ts';
import { isWinAnsiText, textRuns, visualOrder, type Face, type Run } from './pdf-scripts.ts';
import { FONT, type Sheet } from './pdf-sheet.ts';

// Text on a sheet in any script: each run of a text (pdf-scripts.ts) is measured and drawn in
// its own face, in the weight and size the sheet is set to (setFont: the one way the PDF code
// sets either, so widths can be learnt per weight and size, pdf-metrics.ts). Between two calls
// the sheet's font is always the Helvetica of that weight, so pdfkit's own calls (wrapping a
// paragraph) measure what they always did.

export type { Weight };
export type WriteOptions = {
  width: number;
  align?: 'left' | 'right' | 'center';
  /** false: one line, never wrapped (a table cell, already cut to its width). */
  lineBreak?: boolean;
};

type Pen = { weight: Weight; size: number };
const pens = new WeakMap<Sheet, Pen>();
const registered = new WeakMap<Sheet, Set<string>>();

/** Sets the sheet's weight and size (and its Helvetica): what every later run is drawn in. */
export function setFont(sheet: Sheet, weight: Weight, size: number): Sheet {
  pens.set(sheet, { weight, size });
  return sheet.font(FONT[weight], size);
}

function penOf(sheet: Sheet): Pen {
  const pen = pens.get(sheet);
  if (!pen) throw new Error("set the sheet's font with setFont() before writing");
  return pen;
}

const weightOf = (sheet: Sheet): Weight => penOf(sheet).weight;
const helvetica = (sheet: Sheet) => {
  const { weight, size } = penOf(sheet);
  return helveticaUnits(sheet, weight, size);
};

function select(sheet: Sheet, face: Face, weight: Weight): void {
  if (face === 'standard') {
    sheet.font(FONT[weight]);
    return;
  }
  const name = fontName(face, weight);
  const names = registered.get(sheet) ?? new Set<string>();
  if (!names.has(name)) {
    sheet.registerFont(name, fontFile(face, weight));
    names.add(name);
    registered.set(sheet, names);
  }
  sheet.font(name);
}

const isPlain = (runs: readonly Run[]) =>
  runs.length === 0 || (runs.length === 1 && runs[0]!.face === 'standard');

/** Each run's width at the sheet's size, in points. */
function widths(sheet: Sheet, runs: readonly Run[]): number[] {
  const plain = helvetica(sheet);
  if (isPlain(runs)) return runs.map((r) => plain.of(r.text) * plain.scale);
  const weight = weightOf(sheet);
  const out = runs.map((r) => {
    if (r.face === 'standard') return plain.of(r.text) * plain.scale;
    select(sheet, r.face, weight);
    const w = sheet.widthOfString(r.text, WHOLE_RUN);
    select(sheet, 'standard', weight);
    return w;
  });
  return out;
}

/** The width `text` takes on one line, in the sheet's weight and size. */
export const measure = (sheet: Sheet, text: string) =>
  widths(sheet, textRuns(text)).reduce((sum, w) => sum + w, 0);

/** The places a text may be cut: between characters, never inside one (an emoji, a mark). */
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

function cuts(text: string): number[] {
  const at = [0];
  for (const { index, segment } of graphemes.segment(text)) at.push(index + segment.length);
  return at;
}

/** A cell's text on one line: its line breaks become spaces. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

/**
 * `text` on one line, cut to `width` points with an ellipsis, in the sheet's weight and size:
 * the longest beginning that fits with the ellipsis after it. Latin-1 text is cut in one pass
 * over its running width; text in other scripts by halving (a dozen measures, not one per
 * character), at the boundaries between characters as a reader sees them.
 */
export function fitText(sheet: Sheet, written: string, width: number): string {
  const text = oneLine(written);
  if (measure(sheet, text) <= width) return text;
  if (isWinAnsiText(text)) {
    const kept = helveticaFit(helvetica(sheet), text, '…', width);
    return `${text.slice(0, kept).trimEnd()}…`;
  }
  const at = cuts(text);
  const fits = (k: number) => measure(sheet, `${text.slice(0, at[k])}…`) <= width;
  // The whole text does not fit, so with an ellipsis neither: search the shorter beginnings.
  let low = 0;
  let high = at.length - 2;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, at[low]).trimEnd()}…`;
}

/** Draws runs on one line from x (aligned within width), left to right as they read. */
/** Helvetica's ascender in its metrics (both weights), in 1/1000 of the size. */
const HELVETICA_ASCENDER = 718;

/**
 * Every face sits on Helvetica's baseline: pdfkit places a text by the top of its font's
 * ascender, and the Noto faces rise higher than Helvetica, so each would otherwise sit lower.
 */
const onBaseline = (sheet: Sheet) => ({
  baseline: -(HELVETICA_ASCENDER / 1000) * penOf(sheet).size,
});

/**
 * How a run is shaped: pdfkit lays an embedded font's text out word by word unless features
 * are named, which would keep the words of a right-to-left run in their written order; with
 * features (none beyond the script's own) the run is shaped whole, right to left.
 */
const WHOLE_RUN = { features: [] };

function drawLine(sheet: Sheet, runs: readonly Run[], x: number, y: number, options: WriteOptions) {
  const drawn = visualOrder(runs);
  const each = widths(sheet, drawn);
  const total = each.reduce((sum, w) => sum + w, 0);
  const room = Math.max(0, options.width - total);
  let at = x + (options.align === 'right' ? room : options.align === 'center' ? room / 2 : 0);
  const weight = weightOf(sheet);
  drawn.forEach((run, i) => {
    select(sheet, run.face, weight);
    sheet.text(run.text, at, y, { lineBreak: false, ...WHOLE_RUN, ...onBaseline(sheet) });
    at += each[i]!;
  });
  select(sheet, 'standard', weight);
  sheet.x = x;
  sheet.y = y + sheet.currentLineHeight(true);
}

/** Text at (x, y) within `width`, wrapped unless told not to; leaves sheet.y under it. */
export function write(
  sheet: Sheet,
  text: string,
  x: number,
  y: number,
  options: WriteOptions,
): Sheet {
  if (options.lineBreak === false) {
    drawLine(sheet, textRuns(oneLine(text)), x, y, options);
    return sheet;
  }
  const runs = textRuns(text);
  if (isPlain(runs)) return sheet.text(text, x, y, options);
  if (!text.includes('\n') && measure(sheet, text) <= options.width) {
    drawLine(sheet, runs, x, y, options);
    return sheet;
  }
  // A text in several faces that needs wrapping: pdfkit's continued text wraps across them.
  const weight = weightOf(sheet);
  const drawn = visualOrder(runs);
  drawn.forEach((run, i) => {
    select(sheet, run.face, weight);
    const last = i === drawn.length - 1;
    const each = { ...options, ...WHOLE_RUN, ...onBaseline(sheet), continued: !last };
    if (i === 0) sheet.text(run.text, x, y, each);
    else sheet.text(run.text, each);
  });
  select(sheet, 'standard', weight);
  return sheet;
}

/** The height `text` takes wrapped to `width` (several faces: by their width, line by line). */
export function heightOf(sheet: Sheet, text: string, width: number): number {
  const runs = textRuns(text);
  if (isPlain(runs)) return sheet.heightOfString(text, { width });
  const lines = text
    .split(/\r?\n/)
    .reduce((n, line) => n + Math.max(1, Math.ceil(measure(sheet, line) / width)), 0);
  return lines * sheet.currentLineHeight(true);
}
