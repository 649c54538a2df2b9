// Which font each stretch of a text is drawn in. The built-in Helvetica draws only what its
// WinAnsi encoding holds (Latin-1 and a few signs), so any other character would print as a
// wrong glyph: a text is cut into runs, each drawn in a face that has its letters (Noto Sans
// for other Latin, Greek and Cyrillic; Noto Naskh Arabic; Noto Sans Hebrew; Noto Sans CJK for
// Chinese and Japanese; monochrome Noto Emoji). Plain Latin-1 text stays one Helvetica run, so
// the usual document embeds no font at all.

export type Face = 'standard' | 'latin' | 'arabic' | 'hebrew' | 'cjk' | 'emoji';
export type Run = { readonly face: Face; readonly text: string };

/** The characters WinAnsi puts in 0x80–0x9F, where Latin-1 has control codes. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const isWinAnsi = (c: string, code: number) =>
  code < 0x7f || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);

const MARK = /^\p{M}$/u;
/** Characters that belong to whatever precedes them: marks, joiners, variation selectors. */
const isGlue = (c: string, code: number) =>
  MARK.test(c) ||
  code === 0x200c ||
  code === 0x200d ||
  (code >= 0xfe00 && code <= 0xfe0f) ||
  code === 0x20e3 ||
  // Skin tones and the tag characters of subdivision flags.
  (code >= 0x1f3fb && code <= 0x1f3ff) ||
  (code >= 0xe0020 && code <= 0xe007f);
/** The glue that makes an emoji of what precedes it: the emoji presentation, a keycap. */
const isEmojiGlue = (code: number) => code === 0xfe0f || code === 0x20e3;
const ARABIC = /^\p{scx=Arabic}$/u;
const HEBREW = /^\p{scx=Hebrew}$/u;
const CJK =
  /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Bopomofo}\p{scx=Hangul}\u3000-\u303f\uff00-\uffef]$/u;
const EMOJI = /^[\p{Extended_Pictographic}\u{1f1e6}-\u{1f1ff}]$/u;
/** Latin-1 letters and digits: a stretch of them is a Helvetica run of its own. */
const STRONG = /^[\p{L}\p{N}]$/u;

/**
 * The neutral signs (spaces, punctuation) each face's font has, so a space between two Arabic
 * words stays inside the Arabic run and is shaped with it, while one its font lacks is drawn
 * in Helvetica.
 */
const NEUTRALS: Readonly<Record<Face, (c: string) => boolean>> = {
  standard: () => true,
  latin: () => true,
  cjk: (c) => c.charCodeAt(0) < 0x7f,
  arabic: (c) => ' !,.:'.includes(c),
  hebrew: (c) => c === ' ',
  // Its space is as wide as an emoji.
  emoji: () => false,
};

const ONLY_WIN_ANSI = new RegExp(`^[\\x20-\\x7e\\xa0-\\xff${[...WIN_ANSI_EXTRA].join('')}]*$`);

/** Printable WinAnsi only: one Helvetica run, one character per code unit. */
export const isWinAnsiText = (text: string) => ONLY_WIN_ANSI.test(text);

function faceOf(c: string): Face | 'glue' | 'neutral' {
  const code = c.codePointAt(0) ?? 0;
  if (isWinAnsi(c, code)) return code < 0x20 || STRONG.test(c) ? 'standard' : 'neutral';
  if (isGlue(c, code)) return 'glue';
  if (ARABIC.test(c)) return 'arabic';
  if (HEBREW.test(c)) return 'hebrew';
  if (CJK.test(c)) return 'cjk';
  if (EMOJI.test(c)) return 'emoji';
  return 'latin';
}

/** `text` as runs of one face each, in the order it is written (logical order). */
export function textRuns(written: string): Run[] {
  if (isWinAnsiText(written)) return written === '' ? [] : [{ face: 'standard', text: written }];
  // Composed, an accented letter typed as letter + accent is one Latin-1 character again.
  const text = written.normalize('NFC');
  const runs: { face: Face; text: string }[] = [];
  let pending = '';
  const push = (face: Face, part: string) => {
    const last = runs.at(-1);
    if (last?.face === face) last.text += part;
    else if (part !== '') runs.push({ face, text: part });
  };
  /** Neutrals between two stretches go with them when both sides share a face that has them. */
  const settle = (next: Face | null) => {
    if (pending === '') return;
    const last = runs.at(-1)?.face ?? 'standard';
    const keep = (next === null || next === last) && [...pending].every(NEUTRALS[last]);
    push(keep ? last : 'standard', pending);
    pending = '';
  };
  /** Helvetica has no marks: a marked character moves to the face that can draw both. */
  const glue = (c: string) => {
    const last = runs.at(-1);
    if (last && last.face !== 'standard') return push(last.face, c);
    const base = last ? [...last.text].pop()! : '';
    if (last) last.text = last.text.slice(0, last.text.length - base.length);
    if (last?.text === '') runs.pop();
    push(isEmojiGlue(c.codePointAt(0) ?? 0) ? 'emoji' : 'latin', base + c);
  };
  for (const c of text) {
    const face = faceOf(c);
    if (face === 'neutral') pending += c;
    else if (face === 'glue') {
      settle(null);
      glue(c);
    } else {
      settle(face);
      push(face, c);
    }
  }
  settle(null);
  return wholeWords(runs);
}

const WORD_END = /[\p{L}\p{N}]+$/u;
const WORD_START = /^[\p{L}\p{N}]+/u;

/**
 * A word with a letter Helvetica lacks (the Ł and ź of Łódź) is drawn
 * whole in Noto Sans: one face within a word looks right, and a wrapped line never breaks it
 * where its faces change.
 */
function wholeWords(runs: readonly Run[]): Run[] {
  const out: Run[] = [];
  for (let i = 0; i < runs.length; i += 1) {
    const run = runs[i]!;
    const prev = out.at(-1);
    if (run.face === 'latin' && prev?.face === 'standard') {
      const tail = WORD_END.exec(prev.text)?.[0] ?? '';
      out[out.length - 1] = {
        face: 'standard',
        text: prev.text.slice(0, prev.text.length - tail.length),
      };
      if (out.at(-1)!.text === '') out.pop();
      out.push({ face: 'latin', text: tail + run.text });
    } else if (run.face === 'standard' && prev?.face === 'latin') {
      const head = WORD_START.exec(run.text)?.[0] ?? '';
      out[out.length - 1] = { face: 'latin', text: prev.text + head };
      if (head.length < run.text.length)
        out.push({ face: 'standard', text: run.text.slice(head.length) });
    } else if (prev?.face === run.face)
      out[out.length - 1] = { face: run.face, text: prev.text + run.text };
    else out.push(run);
  }
  return out;
}

const RTL: ReadonlySet<Face> = new Set(['arabic', 'hebrew']);
/** A Helvetica run that takes the direction around it: numbers, spaces, separators. */
const WEAK = /^[\s\d.,:%+\-/]*$/;

/**
 * The runs in the order they are drawn left to right on a left-to-right line: a stretch of
 * right-to-left runs (with the numbers and spaces between them) reads from the right, so its
 * runs are drawn in reverse; inside a run the font's shaping already lays its glyphs out right
 * to left. A simplified bidirectional ordering, enough for names and descriptions.
 */
export function visualOrder(runs: readonly Run[]): Run[] {
  const out: Run[] = [];
  let i = 0;
  while (i < runs.length) {
    const run = runs[i]!;
    if (!RTL.has(run.face)) {
      out.push(run);
      i += 1;
      continue;
    }
    let end = i;
    for (let j = i + 1; j < runs.length; j += 1) {
      const next = runs[j]!;
      if (RTL.has(next.face)) end = j;
      else if (next.face !== 'standard' || !WEAK.test(next.text)) break;
    }
    out.push(...runs.slice(i, end + 1).reverse());
    i = end + 1;
  }
  return out;
}
