import { listFields, type EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';

// Which columns a person shows, in what order and how wide, and how dense the grid is:
// remembered per browser and per user (decision: localStorage, not the server), under
// `plantline.grid.<userId>.<entity>`. Anything unreadable or stale falls back to the
// declaration's defaults, and columns added to a declaration later appear at the end.

export const DENSITIES = {
  /** More rows on screen: lists people scan. */
  compact: 'compact',
  /** The default. */
  normal: 'normal',
} as const;

export type Density = (typeof DENSITIES)[keyof typeof DENSITIES];

export type ColumnLayout = {
  /** Every listed field's name, in display order. */
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
  density: Density;
};

export function layoutKey(userId: number | string, entity: Pick<EntityDeclaration, 'name'>) {
  return `plantline.grid.${userId}.${entity.name}`;
}

export function defaultLayout(entity: EntityDeclaration): ColumnLayout {
  const fields = gridFields(entity);
  return {
    order: fields.map((f) => f.name),
    hidden: fields.filter((f) => f.hidden).map((f) => f.name),
    widths: {},
    density: 'normal',
  };
}

/**
 * The fields a grid can show: every listed field but JSON. A reference and its read-only
 * label column are one grid column: it shows and sorts by the label and filters by the
 * checkbox list of referenced rows; it is hidden only when both fields are.
 */
export function gridFields(entity: EntityDeclaration): EntityField[] {
  const fields = listFields(entity).filter((f) => f.kind !== 'json');
  const labels = new Map(
    fields.filter((f) => f.kind === 'ref' && f.ref).map((f) => [f.ref?.labelField, f]),
  );
  return fields
    .filter((f) => !labels.has(f.name))
    .map((f) => {
      if (f.kind !== 'ref' || !f.ref) return f;
      const label = fields.find((l) => l.name === f.ref?.labelField);
      if (!label) return f;
      return { ...f, hidden: Boolean(f.hidden && label.hidden), width: f.width ?? label.width };
    });
}

/** The field a column sorts by: a reference sorts by its label. */
export function sortFieldOf(field: EntityField): string {
  return field.kind === 'ref' && field.ref ? field.ref.labelField : field.name;
}

/** The column an export writes for a grid column: a reference writes its label. */
export function exportFieldOf(field: EntityField): string {
  return sortFieldOf(field);
}

export function readLayout(
  storage: Pick<Storage, 'getItem'>,
  userId: number | string,
  entity: EntityDeclaration,
): ColumnLayout {
  const fallback = defaultLayout(entity);
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(layoutKey(userId, entity)) ?? 'null');
  } catch {
    return fallback;
  }
  if (typeof raw !== 'object' || raw === null) return fallback;
  const saved = raw as Partial<Record<keyof ColumnLayout, unknown>>;
  const known = new Set(fallback.order);
  const names = (value: unknown) =>
    Array.isArray(value)
      ? value.filter((n): n is string => typeof n === 'string' && known.has(n))
      : null;
  const order = names(saved.order);
  const hidden = names(saved.hidden);
  const widths: Record<string, number> = {};
  if (typeof saved.widths === 'object' && saved.widths !== null) {
    for (const [name, width] of Object.entries(saved.widths)) {
      if (known.has(name) && typeof width === 'number' && width >= 30 && width <= 2000) {
        widths[name] = Math.round(width);
      }
    }
  }
  const ordered = order ? [...order, ...fallback.order.filter((n) => !order.includes(n))] : null;
  return {
    order: ordered ?? fallback.order,
    hidden: hidden ?? fallback.hidden,
    widths,
    density: saved.density === 'compact' ? 'compact' : 'normal',
  };
}

export function writeLayout(
  storage: Pick<Storage, 'setItem'>,
  userId: number | string,
  entity: EntityDeclaration,
  layout: ColumnLayout,
): void {
  try {
    storage.setItem(layoutKey(userId, entity), JSON.stringify(layout));
  } catch {
    // A full or disabled storage only loses the preference.
  }
}

/** The visible columns in display order (what the export sends). */
export function visibleColumns(layout: ColumnLayout): string[] {
  const hidden = new Set(layout.hidden);
  return layout.order.filter((name) => !hidden.has(name));
}
