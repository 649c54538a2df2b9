import { Select, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { fetchLotsAt } from '../../../api/lots-at.api.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { lotChoiceLabel, type LotChoice } from '../../../domain/entities/stock/lot-choice.ts';
import { STOCK_LOTS } from '../../../domain/entities/stock/stock-lots.entity.ts';
import { EntityRequestContext, useEntityApi } from './entity-request.context.ts';
import type { FormValues } from './form-values.ts';

// A line's lot picker: once the line has a product and the document a
// location, it offers that product's lots on hand there, once each, first to expire first,
// each with what is available and when it expires; the server refuses any other lot. A new
// product or location clears a lot chosen for the old one. A document past draft still shows
// its lot by name, even when none of it is left there. ArrowDown opens it on the first lot.

export interface LotSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'form' | 'searchable'
> {
  field: EntityField & { lotAt: NonNullable<EntityField['lotAt']> };
  form: UseFormReturnType<FormValues>;
  /** The lot's path, `lines.3.lot_id`; the product is its sibling. */
  path: string;
}

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};

export function LotSelect({ field, form, path, ...props }: LotSelectProps) {
  const request = useContext(EntityRequestContext);
  const lotsApi = useEntityApi(STOCK_LOTS);
  const values = form.getValues();
  const productPath = path.replace(/[^.]+$/, field.lotAt.product);
  const productId = idOf(form.getInputProps(productPath).value);
  const locationId = idOf(values[field.lotAt.location]);
  const value = idOf(form.getInputProps(path).value);
  const [choices, setChoices] = useState<LotChoice[] | null>(null);
  const [named, setNamed] = useState<{ value: number; label: string } | null>(null);

  useEffect(() => {
    setChoices(null);
    if (productId === null || locationId === null) return;
    const abort = new AbortController();
    fetchLotsAt(request, productId, locationId, abort.signal)
      .then(setChoices)
      .catch(() => undefined);
    return () => abort.abort();
  }, [request, productId, locationId]);

  // A lot chosen for another product or location no longer applies.
  const scope = `${productId ?? ''}@${locationId ?? ''}`;
  const lastScope = useRef(scope);
  useEffect(() => {
    if (lastScope.current === scope) return;
    lastScope.current = scope;
    if (value !== null) form.setFieldValue(path, null);
  }, [scope, value, form, path]);

  // The saved lot's name when it is not among the choices (a posted document's lot).
  const offered = choices?.some((c) => c.lot_id === value) ?? false;
  useEffect(() => {
    if (value === null || offered || named?.value === value) return;
    let live = true;
    lotsApi
      .options('', [value])
      .then((found) => {
        const hit = found.find((o) => o.value === value);
        if (live && hit) setNamed({ value, label: hit.label });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lotsApi, value, offered, named]);

  const data = useMemo(() => {
    const options = (choices ?? []).map((c) => ({
      value: String(c.lot_id),
      label: lotChoiceLabel(c),
    }));
    if (value !== null && !offered && named?.value === value) {
      options.unshift({ value: String(value), label: named.label });
    }
    return options;
  }, [choices, value, offered, named]);

  const ready = productId !== null && locationId !== null;
  return (
    <Select
      searchable
      clearable
      // Keyboard: focus, ArrowDown, Enter takes the first lot to expire. Opening on focus let
      // Mantine's deferred "active option" lookup (a 0 ms timer set on open) land after an
      // ArrowDown the browser handled first, leaving Enter on no option (cf. mantine#6978).
      // Opened by ArrowDown (or a click, or typing) instead, the first lot is highlighted at
      // once and nothing deferred overwrites it; a second ArrowDown goes to the next lot.
      openOnFocus={false}
      selectFirstOptionOnDropdownOpen
      // Enter on the lot already chosen keeps it; the clear button empties the picker.
      allowDeselect={false}
      {...props}
      data={data}
      value={value === null ? null : String(value)}
      placeholder={ready ? 'Lot (first to expire first)' : 'Choose the product first'}
      nothingFoundMessage={
        ready ? (choices === null ? 'Loading…' : 'No lot of it here') : 'Choose the product first'
      }
      error={form.getInputProps(path).error as SelectProps['error']}
      onChange={(next) => form.setFieldValue(path, next === null ? null : Number(next))}
    />
  );
}
