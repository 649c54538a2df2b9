import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../../../src/api/api-error.ts';
import {
  applyServerErrors,
  serverFormErrors,
} from '../../../../../src/views/common/form/server-errors.ts';

describe('serverFormErrors', () => {
  it('maps the rule codes of a validation error to the docs/product.md §5 messages', () => {
    const error = new ApiError('validation_error', 422, {
      username: 'required',
      email: 'email',
      'items.0.qty': 'numeric',
      share: 'more100%',
    });
    expect(serverFormErrors(error)).toEqual({
      username: 'This field is required',
      email: 'This field must be a valid email',
      'items.0.qty': 'This field must have only numbers',
      share: 'The sum is greater than 100%',
    });
  });

  it('shows codes it does not know as given', () => {
    expect(serverFormErrors({ lot: 'Lot already bottled' })).toEqual({
      lot: 'Lot already bottled',
    });
  });

  it('accepts the bare data map as well', () => {
    expect(serverFormErrors({ code: 'unique' })).toEqual({ code: 'This field must be unique' });
  });

  it('is empty for errors without a field map', () => {
    expect(serverFormErrors(new NetworkError('offline'))).toEqual({});
    expect(serverFormErrors(new ApiError('db_error', 500))).toEqual({});
    expect(serverFormErrors(new Error('boom'))).toEqual({});
    expect(serverFormErrors(null)).toEqual({});
  });
});

describe('applyServerErrors', () => {
  it('sets the messages on the form and says so', () => {
    const form = { setErrors: vi.fn() };
    const applied = applyServerErrors(form, new ApiError('validation_error', 422, { name: 'max' }));
    expect(applied).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ name: 'Too long information for this field' });
  });

  it('leaves the form alone when there is nothing for its fields', () => {
    const form = { setErrors: vi.fn() };
    expect(applyServerErrors(form, new ApiError('db_error', 500))).toBe(false);
    expect(form.setErrors).not.toHaveBeenCalled();
  });
});
