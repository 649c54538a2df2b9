import {
  ATTACHMENT_TYPES,
  type AttachmentType,
} from '../../src/domain/attachments/attachment-rules.ts';

// A file's name as kept and handed back. The name a browser sends is only a label: the content
// decides the type (sniff-type.ts), so the name takes that type's extension. "Invoice.hta" with
// PDF bytes is kept as "Invoice.pdf", and a saved download never opens as a program.
// Decision: renamed, not refused. Scanners and mail clients name files oddly ("scan",
// "invoice.pdf.tmp"); the bytes are fine, so refusing would only send people back to rename.

// Control characters, and the marks that reorder or hide text: a right-to-left override turns
// "Invoice\u202Efdp.exe" into what reads as "Invoiceexe.pdf". Lone surrogates go too, so the
// name always encodes.
const HIDDEN = /[\p{Cc}\p{Cs}\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;
// Characters Windows refuses in a name, and the quote and backslash of a header.
const RESERVED = /["\\/:*?<>|]/g;
const MAX_LENGTH = 255;

/** The name without a path, hidden characters, reserved ones and trailing dots and spaces. */
function cleaned(name: string): string {
  return name
    .normalize('NFC')
    .replace(/^.*[\\/]/, '')
    .replace(HIDDEN, '')
    .replace(RESERVED, '_')
    .trim()
    .replace(/[. ]+$/, '');
}

/** The extensions a type is saved with, canonical first: ['.jpg', '.jpeg'] for JPEG. */
const extensionsOf = (type: AttachmentType) => ATTACHMENT_TYPES[type].split(',');

/** `name` as stored and downloaded for content of `type`: cleaned, with the type's extension. */
export function storedFileName(name: string, type: AttachmentType): string {
  const clean = cleaned(name);
  const dot = clean.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  const allowed = extensionsOf(type);
  const kept = allowed.includes(extension.toLowerCase()) ? extension : allowed[0]!;
  const stem = (base.trim() || 'file').slice(0, MAX_LENGTH - kept.length);
  return `${stem}${kept}`;
}

/**
 * `Content-Disposition: attachment` (RFC 6266): an ASCII fallback for old clients (anything
 * else, the quote, backslash and percent as `_`), and the exact name as RFC 5987 UTF-8.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(name.replace(HIDDEN, '')).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
