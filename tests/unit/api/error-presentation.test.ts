import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../src/api/api-error.ts';
import { presentError } from '../../../src/api/error-presentation.ts';

const away = { path: '/general/users' };

describe('the error catalogue of docs/product.md §8', () => {
  it('asks to go to login when the session expired away from /', () => {
    expect(presentError(new ApiError('not_authorized', 401), away)).toEqual({
      kind: 'confirm',
      title: 'Expired session',
      message: 'Go to login?',
      onYes: 'reload',
    });
    expect(presentError(new ApiError('not_authorized', 401), { path: '/' })).toEqual({
      kind: 'none',
    });
  });

  it('offers a reload when no answer came or the database failed', () => {
    expect(presentError(new NetworkError('offline'), away)).toMatchObject({
      title: 'Server error',
      message: 'Reload the page?',
    });
    expect(presentError(new ApiError('db_error', 500), away)).toMatchObject({
      title: 'Database error',
      message: 'Reload the page?',
    });
  });

  it('explains refused deletes in an alert', () => {
    for (const code of ['database_delete_1451', 'database_delete_7']) {
      expect(presentError(new ApiError(code, 409), away)).toEqual({
        kind: 'alert',
        title: 'Error',
        message: 'There are other records related to this item',
      });
    }
    expect(presentError(new ApiError('no_privileges', 403), away)).toMatchObject({
      kind: 'alert',
      message: 'You are not allowed to delete this record',
    });
  });

  it('never tells a refused read or write as a refused delete', () => {
    const refused = (method: string) =>
      presentError(new ApiError('no_privileges', 403, null, method), away);
    expect(refused('DELETE')).toMatchObject({
      message: 'You are not allowed to delete this record',
    });
    expect(refused('GET')).toMatchObject({
      kind: 'alert',
      message: 'You are not allowed to see this',
    });
    expect(refused('POST')).toMatchObject({ message: 'You are not allowed to do this' });
  });

  it('lists validation messages from the spec table, one per line', () => {
    const error = new ApiError('validation_error', 422, {
      username: 'unique',
      email: 'email',
      note: 'Too short for a note',
    });
    expect(presentError(error, away)).toEqual({
      kind: 'notification',
      tone: 'error',
      title: 'Validation Error',
      message:
        'Username: This field must be unique\nEmail: This field must be a valid email\nNote: Too short for a note',
    });
  });

  it('returns other errors to the caller', () => {
    expect(presentError(new ApiError('stale_version', 409), away)).toEqual({ kind: 'none' });
    expect(presentError(new Error('boom'), away)).toEqual({ kind: 'none' });
  });
});
