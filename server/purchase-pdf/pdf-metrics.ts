import type { Weight } from './pdf-fonts.ts';
import type { Sheet } from './pdf-sheet.ts';

// Widths of Helvetica text without asking pdfkit for each one: pdfkit's widthOfString maps
// every character to its glyph name and looks each neighbouring pair up in its kerning table,
// about half a microsecond a character, so a 3,500-line order spent seconds just measuring.
// Here each character's advance and each pair's kerning is learnt once per process from
// pdfkit itself (in the font's 1/1000 units, integers in its metrics files) and kept in
// numeric maps; a width is then the same sum pdfkit makes, scaled the same way, so it is the
// very number pdfkit would answer.

type Table = { advance: Map<number, number>; kerning: Map<number, number> };

const tables: Record<Weight, Table> = {
  regular: { advance: new Map(), kerning: new Map() },
  bold: { advance: new Map(), kerning: new Map() },
};

export type HelveticaMeasurer = ReturnType<typeof measurer>;

const measurers = new WeakMap<Sheet, Map<string, HelveticaMeasurer>>();

/**
 * The measurer of Helvetica text in this weight at this size, kept per sheet (what it does not
 * know yet it asks the sheet, which must then be in that Helvetica at that size).
 */
export function helveticaUnits(sheet: Sheet, weight: Weight, size: number): HelveticaMeasurer {
  const key = `${weight} ${size}`;
  let bySize = measurers.get(sheet);
  if (!bySize) {
    bySize = new Map();
    measurers.set(sheet, bySize);
  }
  let found = bySize.get(key);
  if (!found) {
    found = measurer(sheet, weight, size);
    bySize.set(key, found);
  }
  return found;
}

function measurer(sheet: Sheet, weight: Weight, size: number) {
  const { advance, kerning } = tables[weight];
  const units = (text: string) => Math.round((sheet.widthOfString(text) * 1000) / size);
  const advanceOf = (code: number) => {
    let a = advance.get(code);
    if (a === undefined) {
      a = units(String.fromCharCode(code));
      advance.set(code, a);
    }
    return a;
  };
  const kern = (left: number, right: number) => {
    const key = left * 0x10000 + right;
    let k = kerning.get(key);
    if (k === undefined) {
      k = units(String.fromCharCode(left, right)) - advanceOf(left) - advanceOf(right);
      kerning.set(key, k);
    }
    return k;
  };
  return {
    /** The scale pdfkit applies to units: points per unit at this size. */
    scale: size / 1000,
    advanceOf,
    kern,
    /** The width of `text` in units (pdfkit's sum: advances plus each pair's kerning). */
    of(text: string): number {
      let sum = 0;
      for (let i = 0; i < text.length; i += 1) {
        const code = text.charCodeAt(i);
        sum += advanceOf(code);
        if (i + 1 < text.length) sum += kern(code, text.charCodeAt(i + 1));
      }
      return sum;
    },
  };
}

/**
 * How many characters of `text` fit in `width` points followed by `tail` (an ellipsis): one
 * pass over the running sum of advances and kerning gives the width pdfkit would measure for
 * each beginning plus the tail; the longest that fits wins (every beginning is looked at, so a
 * kerning pair that narrows a longer one cannot hide it). 0 when none fits.
 */
export function helveticaFit(
  measure: HelveticaMeasurer,
  text: string,
  tail: string,
  width: number,
): number {
  const { advanceOf, kern, scale } = measure;
  const tailUnits = measure.of(tail);
  const first = tail.charCodeAt(0);
  let kept = 0;
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // The beginning of i + 1 characters, then the tail (kerned against its last character).
    const withTail = sum + advanceOf(code) + kern(code, first) + tailUnits;
    if (withTail * scale <= width) kept = i + 1;
    if (i + 1 < text.length) sum += advanceOf(code) + kern(code, text.charCodeAt(i + 1));
  }
  return kept;
}
