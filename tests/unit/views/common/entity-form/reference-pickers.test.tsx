import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { allDocumentLines } from '../../../../../src/domain/entities/document-lines.ts';
import { allEntities, entityNamed } from '../../../../../src/domain/entities/entity-registry.ts';
import type { EntityDeclaration } from '../../../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../../../src/domain/entity/entity-field.ts';
import { FieldInput } from '../../../../../src/views/common/entity-form/field-input.tsx';
import type { FormValues } from '../../../../../src/views/common/entity-form/form-values.ts';
import { theme } from '../../../../../src/views/theme.ts';

// No reference is typed as a raw id. Walks every entity declaration in
// src/domain/entities (registered or not, lines included) and every document's line editor:
// each field a person edits whose wire name is `*_id` must be a `ref` to a declared entity
// (a reference to `parameters` naming its family), and must render as a searchable picker,
// never as a number input. A field the screen fills with its own input (`ownInput`: the PO
// line a receipt or invoice starts from) is not typed by a person and is not walked. A field
// whose entity another field chooses (`refFollows`: a discount's scope) is a picker of each.

type Declared = { where: string; field: EntityField };

const isDeclaration = (value: unknown): value is EntityDeclaration =>
  typeof value === 'object' &&
  value !== null &&
  'fields' in value &&
  'api' in value &&
  Array.isArray((value as { fields: unknown }).fields);

function everyEditedField(): Declared[] {
  const modules = import.meta.glob<Record<string, unknown>>(
    [
      '../../../../../src/domain/entities/**/*.ts',
      '../../../../../modules/*/shared/entities/**/*.ts',
    ],
    { eager: true },
  );
  const declarations = new Map<string, EntityDeclaration>();
  for (const entity of allEntities()) declarations.set(entity.name, entity);
  for (const exports of Object.values(modules)) {
    for (const value of Object.values(exports)) {
      if (isDeclaration(value) && !declarations.has(value.name)) {
        declarations.set(value.name, value);
      }
    }
  }
  const found: Declared[] = [];
  for (const entity of declarations.values()) {
    // A read model or report is never edited; its references are filters, served the same way.
    for (const field of entity.fields) {
      if (!field.readOnly && !field.listOnly && !field.ownInput) {
        found.push({ where: entity.name, field });
      }
    }
  }
  for (const { entity, lines } of allDocumentLines()) {
    for (const field of lines.fields) {
      if (!field.readOnly && !field.listOnly && !field.ownInput) {
        found.push({ where: `${entity.name} ${lines.name}`, field });
      }
    }
  }
  return found;
}

function Host({ field, values = {} }: { field: EntityField; values?: FormValues }) {
  const form = useForm<FormValues>({ initialValues: { ...values, [field.name]: null } });
  return <FieldInput field={field} form={form} path={field.name} />;
}

afterEach(cleanup);

describe('reference pickers', () => {
  const fields = everyEditedField();

  it('finds the declarations it walks', () => {
    const names = new Set(fields.map((f) => f.where));
    expect(names).toContain('products');
    expect(names).toContain('transfer_lines');
    expect(names).toContain('stock_adjustments lines');
  });

  it('declares every edited *_id field as a reference to a declared entity', () => {
    const raw = fields
      .filter(({ field }) => field.name.endsWith('_id'))
      .filter(({ field }) =>
        field.refFollows
          ? Object.values(field.refFollows.refs).some((ref) => !entityNamed(ref.entity))
          : field.kind !== 'ref' || !field.ref || !entityNamed(field.ref.entity),
      )
      .map(({ where, field }) => `${where}.${field.name} (${field.kind})`);
    expect(raw).toEqual([]);
  });

  it('names the parameter family of every reference to parameters', () => {
    const untyped = fields
      .filter(({ field }) => field.ref?.entity === 'parameters' && !field.ref.parameterType)
      .map(({ where, field }) => `${where}.${field.name}`);
    expect(untyped).toEqual([]);
  });

  it('renders every reference as a searchable picker, never a number input', () => {
    // One render per distinct reference (many documents share `product_id`).
    const distinct = new Map<string, Declared>();
    for (const f of fields) {
      if (f.field.kind !== 'ref') continue;
      const key = `${f.field.name}:${f.field.ref?.entity ?? ''}:${f.field.ref?.parameterType ?? ''}`;
      if (!distinct.has(key)) distinct.set(key, f);
    }
    const refs = [...distinct.values()];
    expect(refs.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const { where, field } of refs) {
      const view = render(
        <MantineProvider theme={theme} env="test">
          <Host field={field} />
        </MantineProvider>,
      );
      const input = view.container.querySelector('input:not([type=hidden])');
      const picker =
        input !== null &&
        input.getAttribute('aria-label') === field.label &&
        input.getAttribute('aria-haspopup') === 'listbox' &&
        input.getAttribute('inputmode') !== 'numeric' &&
        !input.hasAttribute('readonly');
      if (!picker) wrong.push(`${where}.${field.name}`);
      view.unmount();
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('renders a picker of each entity a following reference can name', () => {
    const following = fields.filter(({ field }) => field.refFollows);
    expect(following.map((f) => `${f.where}.${f.field.name}`)).toContain('discounts.scope_id');
    const wrong: string[] = [];
    for (const { where, field } of following) {
      const follows = field.refFollows!;
      for (const value of Object.keys(follows.refs)) {
        const label = follows.labels?.[value] ?? field.label;
        const view = render(
          <MantineProvider theme={theme} env="test">
            <Host field={field} values={{ [follows.field]: value }} />
          </MantineProvider>,
        );
        const input = view.container.querySelector('input:not([type=hidden])');
        const picker =
          input !== null &&
          input.getAttribute('aria-label') === label &&
          input.getAttribute('aria-haspopup') === 'listbox' &&
          input.getAttribute('inputmode') !== 'numeric';
        if (!picker) wrong.push(`${where}.${field.name} (${value})`);
        view.unmount();
      }
    }
    expect(wrong).toEqual([]);
  });
});
