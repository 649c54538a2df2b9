import { describe, expect, it } from 'vitest';
import {
  blurValidated,
  composeRules,
  formRule,
  greater,
  required,
  validEmail,
} from '../../../../../src/views/common/form/form-rules.ts';

describe('required', () => {
  const rule = required('Name');

  it("says '{label} is required' for null, undefined, blank text and empty lists", () => {
    for (const value of [null, undefined, '', '   ', []]) {
      expect(rule(value)).toBe('Name is required');
    }
  });

  it('passes any other value, including 0 and false', () => {
    for (const value of ['Ada', 0, false, ['x'], {}]) expect(rule(value)).toBeNull();
  });
});

describe('validEmail', () => {
  const rule = validEmail();

  it("says 'The field must be a valid email' for malformed addresses", () => {
    for (const value of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 42]) {
      expect(rule(value)).toBe('The field must be a valid email');
    }
  });

  it('passes well-formed addresses and leaves empty to required', () => {
    expect(rule('ada@example.com')).toBeNull();
    expect(rule(' ada.l@plant.example.ca ')).toBeNull();
    expect(rule('')).toBeNull();
    expect(rule(null)).toBeNull();
  });
});

describe('greater', () => {
  const rule = greater('Quantity');

  it("says '{label} must be greater than 0' below the minimum of 1", () => {
    for (const value of [0, -1, 0.5, '0', 'abc', Number.NaN]) {
      expect(rule(value)).toBe('Quantity must be greater than 0');
    }
  });

  it('passes numbers of 1 and more, numeric text included', () => {
    expect(rule(1)).toBeNull();
    expect(rule(250.5)).toBeNull();
    expect(rule('3')).toBeNull();
  });

  it('leaves an empty value to required', () => {
    expect(rule('')).toBeNull();
    expect(rule(null)).toBeNull();
  });
});

describe('composing rules', () => {
  it('returns the first failing message only', () => {
    const rule = formRule('Email', 'required', 'valid_email');
    expect(rule('')).toBe('Email is required');
    expect(rule('nope')).toBe('The field must be a valid email');
    expect(rule('ada@example.com')).toBeNull();
  });

  it('builds greater with the label', () => {
    const rule = formRule('Bottles', 'required', 'greater');
    expect(rule(null)).toBe('Bottles is required');
    expect(rule(0)).toBe('Bottles must be greater than 0');
    expect(rule(12)).toBeNull();
  });

  it('composes custom validators with the built-in ones', () => {
    const notAdmin = (value: unknown) => (value === 'admin' ? 'Reserved name' : null);
    const rule = composeRules(required('Username'), notAdmin);
    expect(rule('admin')).toBe('Reserved name');
    expect(rule('')).toBe('Username is required');
    expect(rule('ada')).toBeNull();
  });

  it('makes the form validate each field on blur', () => {
    const options = blurValidated({ name: formRule('Name', 'required') });
    expect(options.validateInputOnBlur).toBe(true);
    expect(options.validate.name('')).toBe('Name is required');
  });
});
