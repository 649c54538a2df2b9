import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { QrLabel } from '../../../domain/entities/production/production-transfer-values.ts';
import classes from './qr-label-sheet.module.css';

// The printable sheet of QR labels (transfer carts, skids and pails; lab containers): one
// label per copy, each with its QR code (drawn in the browser by the `qrcode` package, loaded
// only when a sheet is shown), the code in print and what it labels. The page's print CSS
// prints the sheet alone.

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

export function QrLabelSheet({ labels }: { labels: readonly QrLabel[] }) {
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
          className={classes.label}
          data-label={label.payload}
          style={{ margin: 0 }}
        >
          <img className={classes.code} src={images.get(label.payload)} alt={label.payload} />
          <figcaption className={classes.text}>
            <span className={classes.kind}>{KIND_TEXT[label.entity_type]}</span>
            <span className={classes.payload}>{label.payload}</span>
            <span className={classes.copy}>
              {copy} / {label.copies}
            </span>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
