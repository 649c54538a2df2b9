import { describe, expect, it } from 'vitest';
import { textRuns, visualOrder } from '../../server/purchase-pdf/pdf-scripts.ts';
import { newSheet, type Sheet } from '../../server/purchase-pdf/pdf-sheet.ts';
import { fitText, measure, setFont, type Weight } from '../../server/purchase-pdf/pdf-text.ts';

// How a table cell is cut to its column: the longest beginning that fits with an ellipsis
// after it. The cut used to be found by trimming one character at a time and measuring again
// (seconds for a long order); it is now found in one pass over the running width, and must
// give the very same answer, which this checks against that old loop on strings of wide and
// narrow glyphs, kerned pairs, WinAnsi signs, in both weights and several sizes and widths.

/** The cut as it was: pdfkit measures each shorter beginning until one fits. */
function characterByCharacter(sheet: Sheet, text: string, width: number): string {
  if (sheet.widthOfString(text) <= width) return text;
  let kept = text;
  while (kept.length > 0 && sheet.widthOfString(`${kept}…`) > width) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

const TEXTS = [
  'Strawberry cream e-liquid concentrate — Line 1 of 3500: lorem ipsum dolor sit amet',
  'WWWWWWWWWWMMMMMMMMMM@@@@@@@@@@',
  'iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii.....llllllll',
  'AVAVAVAV To To Ty Yo LT P. V, WA WAVE Type Tyrannosaurus AWAY',
  'W.i.W.i.W.i.W.i mMmMmMiIiIiI — “quoted” ‘single’ … € ™ • Œuvre œ Š š Ÿ',
  'Café crème, naïve façade, Ærøskøbing, Smørrebrød, Jalapeño ½ ¾ ©®',
  '    leading and trailing spaces    ',
  'Short',
  'a',
  '',
  'SKU-0001-ABCD',
];

describe('fitText', () => {
  it('cuts Helvetica text exactly where the character-by-character loop did', () => {
    const sheet = newSheet('fit', 'tests');
    let compared = 0;
    for (const weight of ['regular', 'bold'] satisfies Weight[]) {
      for (const size of [8, 9, 12]) {
        setFont(sheet, weight, size);
        for (const text of TEXTS) {
          for (const width of [0, 4, 10, 30, 61, 70, 100, 170, 240, 400]) {
            expect(fitText(sheet, text, width), `${weight} ${size} ${width} ${text}`).toBe(
              characterByCharacter(sheet, text, width),
            );
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(2 * 3 * TEXTS.length * 10);
    // The description column of a purchase order: cut, and within its width.
    setFont(sheet, 'regular', 9);
    const cut = fitText(sheet, TEXTS[0]!, 170);
    expect(cut).toMatch(/^Strawberry cream .+…$/);
    expect(measure(sheet, cut)).toBeLessThanOrEqual(170);
  });

  it('cuts text in other scripts between characters, the longest beginning that fits', () => {
    const sheet = newSheet('fit', 'tests');
    setFont(sheet, 'regular', 9);
    const texts = [
      '日本語のテスト日本語のテスト日本語のテスト',
      'شركة النور للتجارة العامة والمقاولات',
      'שלום עולם שלום עולם שלום עולם',
      'Łódź Ζεύς Москва Kraków Ærø',
      'Thumbs 👍🏽 family 👨‍👩‍👧 flag 🇨🇦 keycap 1️⃣ heart ❤️ end',
      'Mixed: ACME شركة 123 日本 שלום Łódź 👍',
    ];
    const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });
    for (const text of texts) {
      for (const width of [20, 45, 80, 130]) {
        const cut = fitText(sheet, text, width);
        expect(measure(sheet, cut), `${width} ${text}`).toBeLessThanOrEqual(width);
        if (measure(sheet, text) <= width) {
          expect(cut).toBe(text);
          continue;
        }
        expect(cut.endsWith('…')).toBe(true);
        const kept = cut.slice(0, -1);
        expect(text.startsWith(kept), `${width} ${text}`).toBe(true);
        // Cut between graphemes (never inside an emoji sequence or a surrogate pair), at the
        // longest beginning that fits: one grapheme more would not.
        const graphemes = [...segmenter.segment(text)].map((g) => g.segment);
        const beginnings = graphemes.map((_, i) => graphemes.slice(0, i + 1).join(''));
        const k = beginnings.findLastIndex((b) => b.trimEnd() === kept);
        expect(k >= 0 || kept === '', `${width} ${text}`).toBe(true);
        const longer = beginnings[k + 1];
        if (longer !== undefined) expect(measure(sheet, `${longer}…`)).toBeGreaterThan(width);
      }
    }
  });

  it('draws each script in a face that has it, right-to-left runs from the right', () => {
    expect(textRuns('Plain Café — 50 %')).toEqual([
      { face: 'standard', text: 'Plain Café — 50 %' },
    ]);
    expect(textRuns('ACME شركة النور Ltd')).toEqual([
      { face: 'standard', text: 'ACME ' },
      { face: 'arabic', text: 'شركة النور' },
      { face: 'standard', text: ' Ltd' },
    ]);
    expect(textRuns('日本語 / שלום / Łódź / 👍').map((r) => r.face)).toEqual([
      'cjk',
      'standard',
      'hebrew',
      'standard',
      'latin',
      'standard',
      'emoji',
    ]);
    // Two Arabic words around a number read from the right: the later word is drawn first.
    expect(visualOrder(textRuns('شركة 123 النور')).map((r) => r.text)).toEqual([
      'النور',
      ' 123 ',
      'شركة',
    ]);
  });
});
