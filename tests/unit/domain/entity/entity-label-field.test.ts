import { describe, expect, it } from 'vitest';
import { allEntities } from '../../../../src/domain/entities/entity-registry.ts';
import { listFields } from '../../../../src/domain/entity/entity-declaration.ts';

// A picker reads an entity's rows as {value, label}, the label from `labelField`; a label
// naming no field made the server answer the options route with a 500.

describe('declared entities', () => {
  it('name one of their own fields as the label of a row', () => {
    const unnamed = allEntities()
      .filter((e) => !listFields(e).some((f) => f.name === e.labelField))
      .map((e) => `${e.name}: ${e.labelField}`);
    expect(unnamed).toEqual([]);
  });
});
