import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../src/api/api-error.ts';
import { errorText } from '../../../src/api/error-text.ts';

describe('errorText', () => {
  it('shows a server sentence as given', () => {
    expect(errorText(new ApiError('The user credentials were incorrect.', 401))).toBe(
      'The user credentials were incorrect.',
    );
  });

  it('gives known codes a sentence', () => {
    expect(errorText(new ApiError('validation_error', 422, {}))).toBe(
      'Errors found in the submitted data, please check.',
    );
    expect(errorText(new ApiError('database_delete_1451', 409))).toBe(
      'There are other records related to this item',
    );
    expect(errorText(new NetworkError('offline'))).toMatch(/^Server error/);
  });

  it('says when to retry after too many attempts', () => {
    expect(errorText(new ApiError('too_many_attempts', 429, { retry_after_seconds: 41.2 }))).toBe(
      'Too many attempts. Try again in 42 seconds.',
    );
  });

  it("falls back to 'Has Error'", () => {
    expect(errorText(undefined)).toBe('Has Error');
    expect(errorText(new Error('roles missing'))).toBe('roles missing');
  });
});
