import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import {
  declareEntity,
  listFields,
  type EntityDeclaration,
} from '../../../../src/domain/entity/entity-declaration.ts';
import { declareFields, type EntityField } from '../../../../src/domain/entity/entity-field.ts';
import type { RowOf, ValueOfKind } from '../../../../src/domain/entity/row-of.ts';

// RowOf is checked by the type checker (`tsc -p .` reads the tests): when the inference breaks,
// these assertions and the expected errors below fail the type check, not the run.

const idField = <const N extends string>(name: N, label: string): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  hidden: true,
});

const WIDGETS = declareEntity({
  name: 'widgets',
  label: 'Widget',
  pluralLabel: 'Widgets',
  api: '/api/test/widgets',
  area: 'general',
  channel: 'private-test',
  event: 'widget',
  labelField: 'code',
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    { name: 'qty', label: 'Qty', kind: 'number', required: true },
    { name: 'price', label: 'Price', kind: 'money' },
    { name: 'made_on', label: 'Made', kind: 'date' },
    { name: 'checked_at', label: 'Checked', kind: 'datetime' },
    { name: 'active', label: 'Active', kind: 'boolean', required: true },
    { name: 'state', label: 'State', kind: 'enum', enumValues: ['new', 'done'], required: true },
    { name: 'tags', label: 'Tags', kind: 'multi', enumValues: ['a', 'b'] },
    { name: 'layout', label: 'Layout', kind: 'json' },
    {
      name: 'owner_id',
      label: 'Owner',
      kind: 'ref',
      ref: { entity: 'users', labelField: 'owner_name' },
      required: true,
    },
    idField('batch_id', 'Batch'),
  ],
});
type Widget = RowOf<typeof WIDGETS>;

describe('RowOf', () => {
  it('names the declared fields, the labels of references and the standard columns', () => {
    expectTypeOf<keyof Widget>().toEqualTypeOf<
      | 'code'
      | 'notes'
      | 'qty'
      | 'price'
      | 'made_on'
      | 'checked_at'
      | 'active'
      | 'state'
      | 'tags'
      | 'layout'
      | 'owner_id'
      | 'owner_name'
      | 'batch_id'
      | 'id'
      | 'version'
      | 'seq'
      | 'updated_at'
      | 'updated_by_name'
    >();
    // The declaration itself is unchanged at run time.
    expect(listFields(WIDGETS).map((f) => f.name)).toContain('updated_by_name');
  });

  it('maps each kind to its value, null where the wire schema allows it', () => {
    expectTypeOf<Widget['code']>().toEqualTypeOf<string>();
    expectTypeOf<Widget['notes']>().toEqualTypeOf<string | null>();
    expectTypeOf<Widget['qty']>().toEqualTypeOf<number>();
    expectTypeOf<Widget['price']>().toEqualTypeOf<number | null>();
    expectTypeOf<Widget['made_on']>().toEqualTypeOf<string | null>();
    expectTypeOf<Widget['checked_at']>().toEqualTypeOf<string | Date | null>();
    expectTypeOf<Widget['active']>().toEqualTypeOf<boolean | number>();
    expectTypeOf<Widget['state']>().toEqualTypeOf<'new' | 'done'>();
    expectTypeOf<Widget['tags']>().toEqualTypeOf<string[] | null>();
    expectTypeOf<Widget['layout']>().toEqualTypeOf<unknown>();
    expectTypeOf<Widget['owner_id']>().toEqualTypeOf<number>();
    expectTypeOf<Widget['owner_name']>().toEqualTypeOf<string | null>();
    // A helper's field keeps its name and kind; it does not say `required`, so it is nullable.
    expectTypeOf<Widget['batch_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<Widget['id']>().toEqualTypeOf<number>();
    expectTypeOf<Widget['version']>().toEqualTypeOf<number>();
    expectTypeOf<Widget['seq']>().toEqualTypeOf<number>();
    expectTypeOf<ValueOfKind<'ref'>>().toEqualTypeOf<number>();
    expectTypeOf<ValueOfKind<'enum'>>().toEqualTypeOf<string>();
  });

  it('refuses a misspelt field', () => {
    const row = {} as Widget;
    // @ts-expect-error `qtty` is not a field of widgets
    expect(row.qtty).toBeUndefined();
    // @ts-expect-error a text field is no number
    const qty: number = row.notes;
    void qty;
  });

  it('refuses a misspelt key of a declaration or of a field', () => {
    const base = {
      name: 'x',
      label: 'X',
      pluralLabel: 'Xs',
      api: '/x',
      area: 'general',
      channel: 'c',
      event: 'x',
      labelField: 'code',
    } as const;
    // @ts-expect-error `requird` is not a key of a field
    declareFields([{ name: 'code', label: 'Code', kind: 'text', requird: true }]);
    // @ts-expect-error `writabl` is not a key of a declaration
    declareEntity({ ...base, writabl: false, fields: [] });
    // @ts-expect-error `nmber` is not a kind
    declareEntity({ ...base, fields: [{ name: 'n', label: 'N', kind: 'nmber' }] });
    const ref = { entity: 'users', labelField: 'user_name', labelFeld: 'x' } as const;
    // @ts-expect-error `labelFeld` is not a key of a reference
    declareFields([{ name: 'user_id', label: 'User', kind: 'ref', ref }]);
    // @ts-expect-error `feild` is not a key of a sort
    declareEntity({
      ...base,
      defaultSort: { field: 'code', direction: 'asc', feild: 'code' },
      fields: [],
    });
  });

  it('keeps the fields of a list that spreads a helper before its literals', () => {
    const pair = [idField('a_id', 'A'), idField('b_id', 'B')] as const;
    const fields = declareFields([...pair, { name: 'x', label: 'X', kind: 'text' }]);
    expectTypeOf(fields[2].name).toEqualTypeOf<'x'>();
    expect(fields).toHaveLength(3);
  });

  it('lets a read model lack its required values, and widens its enums', () => {
    const READ = declareEntity({ ...WIDGETS, name: 'widget_report', writable: false });
    expect(READ.writable).toBe(false);
    expectTypeOf<RowOf<typeof READ>['qty']>().toEqualTypeOf<number | null>();
    expectTypeOf<RowOf<typeof READ>['state']>().toEqualTypeOf<string | null>();
  });

  it('flows into the generic entity code', () => {
    expectTypeOf<Widget>().toExtend<EntityRow>();
    expectTypeOf(WIDGETS).toExtend<EntityDeclaration>();
    // A declaration that kept no literal names gives a row of any name.
    expectTypeOf<RowOf<EntityDeclaration>['anything']>().toBeUnknown();
  });
});
