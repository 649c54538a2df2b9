import { describe, expect, it } from 'vitest';
import {
  ApiError,
  fieldErrors,
  fieldMessage,
  isApiError,
  NetworkError,
} from '../../../src/api/api-error.ts';
import { validationLines } from '../../../src/api/validation-messages.ts';

const invalid = new ApiError('validation_error', 422, {
  username: 'required',
  code: 'unique',
  note: 'Weird thing',
});

describe('ApiError', () => {
  it('carries the message code, status and data', () => {
    expect(invalid).toBeInstanceOf(Error);
    expect([invalid.code, invalid.status, invalid.message]).toEqual([
      'validation_error',
      422,
      'validation_error',
    ]);
    expect(isApiError(invalid)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('types a missing answer as a network error with status 0', () => {
    const error = new NetworkError('timeout');
    expect(isApiError(error)).toBe(true);
    expect([error.code, error.status, error.reason]).toEqual(['network_error', 0, 'timeout']);
  });
});

describe('fieldMessage', () => {
  it('maps the rule code of a field to its message', () => {
    expect(fieldMessage({ email: 'email' }, 'email')).toBe('This field must be a valid email');
    expect(fieldMessage(invalid, 'username')).toBe('This field is required');
    expect(fieldMessage(invalid, 'code')).toBe('This field must be unique');
  });

  it('shows an unknown code as given', () => {
    expect(fieldMessage(invalid, 'note')).toBe('Weird thing');
  });

  it("returns '' for a field without an error", () => {
    expect(fieldMessage(invalid, 'password')).toBe('');
    expect(fieldMessage({}, 'toString')).toBe('');
    expect(fieldMessage(null, 'x')).toBe('');
    expect(fieldMessage(new ApiError('db_error', 500), 'x')).toBe('');
  });

  it('reads only string codes from the error data', () => {
    expect(
      fieldErrors(new ApiError('too_many_attempts', 429, { retry_after_seconds: 30 })),
    ).toEqual({});
  });

  it('lists each field in words with its message for notifications', () => {
    expect(validationLines(invalid)).toEqual([
      'Username: This field is required',
      'Code: This field must be unique',
      'Note: Weird thing',
    ]);
  });
});
