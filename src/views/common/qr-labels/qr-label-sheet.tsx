import { Loader } from '@mantine/core';
import { useEffect, useState, type CSSProperties } from 'react';
import type { QrLabel } from '../../../domain/qr-labels.ts';
import classes from './qr-label-sheet.module.css';

// The printable sheet of QR labels (transfer carts, skids and pails; lab containers): one
// label per copy, each with its QR code (drawn in the browser by the `qrcode` package, loaded
// only when a sheet is shown), the code in print and what it labels, and for a label that
// carries them, what a person handling the thing must read off it (a container's product,
// lot, net quantity, flashpoint class, receiving). A code is printed on one line, its type
// made smaller to fit rather than broken in two. The page's print CSS prints the sheet alone.

/** One line a label prints under its code: `Lot` `L-2026-03`. */
export type LabelDetail = { readonly label: string; readonly value: string };

/** A label and, where the thing labelled needs them, the lines printed beside its code. */
export type PrintableLabel = QrLabel & { readonly details?: readonly LabelDetail[] };

const KIND_TEXT: Record<QrLabel['entity_type'], string> = {
  cart: 'Cart',
  skid: 'Skid',
  pail: 'Pail',
  container: 'Container',
};

/** The QR code of each payload as an SVG data URL (no markup is injected into the page). */
function useQrImages(payloads: readonly string[]): Map<string, string> | null {
  const [images, setImages] = useState<Map<string, string> | null>(null);
  const key = payloads.join('\n');
  useEffect(() => {
    let live = true;
    setImages(null);
    void import('qrcode').then(async (qr) => {
      const unique = [...new Set(key.split('\n'))].filter(Boolean);
      const drawn = await Promise.all(
        unique.map(async (payload) => {
          const svg = await qr.toString(payload, {
            type: 'svg',
            margin: 1,
            errorCorrectionLevel: 'M',
          });
          return [payload, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`] as const;
        }),
      );
      if (live) setImages(new Map(drawn));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return images;
}

/** The code's length, for its type size: the CSS fits that many characters on one line. */
const fitted = (payload: string) => ({ '--chars': Math.max(payload.length, 1) }) as CSSProperties;

export function QrLabelSheet({ labels }: { labels: readonly PrintableLabel[] }) {
  const images = useQrImages(labels.map((l) => l.payload));
  if (!images) return <Loader size="sm" />;
  const copies = labels.flatMap((label) =>
    Array.from({ length: label.copies }, (_, i) => ({ label, copy: i + 1 })),
  );
  return (
    <div className={classes.sheet} data-testid="qr-sheet">
      {copies.map(({ label, copy }) => (
        <figure
          key={`${label.payload}-${copy}`}
          className={`${classes.label} ${label.details?.length ? classes.detailed : ''}`}
          data-label={label.payload}
          style={{ margin: 0 }}
        >
          <img className={classes.code} src={images.get(label.payload)} alt={label.payload} />
          <figcaption className={classes.text}>
            <span className={classes.kind}>{KIND_TEXT[label.entity_type]}</span>
            <span className={classes.payload} style={fitted(label.payload)}>
              {label.payload}
            </span>
            {label.details && label.details.length > 0 && (
              <dl className={classes.details}>
                {label.details.map((d) => (
                  <div key={d.label} className={classes.detail}>
                    <dt>{d.label}</dt>
                    <dd>{d.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <span className={classes.copy}>
              {copy} / {label.copies}
            </span>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
