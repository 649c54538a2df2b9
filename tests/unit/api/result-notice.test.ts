import { describe, expect, it } from 'vitest';
import {
  eventDone,
  eventNotice,
  isFailureStatus,
  hplcResultNotice,
  recordNotice,
  resultNotice,
} from '../../../src/api/result-notice.ts';

describe('what a finished action says', () => {
  it('keeps the generic notification of docs/product.md §8 for callers with nothing better to say', () => {
    expect(resultNotice('Save user', true)).toEqual({
      tone: 'success',
      title: 'Done',
      message: 'Save user successfully executed',
    });
    expect(resultNotice('Save user', false, 'validation_error')).toMatchObject({
      tone: 'warning',
      message: 'Save user not executed',
    });
    expect(resultNotice('Release', true, 'Order MO-00012 released').message).toBe(
      'Order MO-00012 released',
    );
  });

  it('names the record a form created, saved or deleted', () => {
    expect(
      recordNotice('Product', { id: 4, sku: 'FG-0042', name: 'Mango' }, 'created').message,
    ).toBe('Product FG-0042 created');
    expect(recordNotice('User', { username: 'jdoe', name: 'J. Doe' }, 'saved').message).toBe(
      'User jdoe saved',
    );
    expect(recordNotice('Count sheet', null, 'saved').message).toBe('Count sheet saved');
  });

  it('says an event as done, to which record', () => {
    expect(eventDone('start_batching')).toBe('batching started');
    expect(eventDone('approve')).toBe('approved');
    expect(eventDone('scrap')).toBe('scrapped');
    expect(eventDone('submit')).toBe('submitted');
    expect(eventDone('transfer')).toBe('transferred');
    expect(eventDone('mark_empty')).toBe('marked empty');
    expect(eventDone('rework')).toBe('sent for rework');
    expect(eventDone('complete')).toBe('completed');
    expect(eventDone('send')).toBe('sent');
    expect(eventDone('ship_partial')).toBe('partially shipped');
    expect(eventNotice('Order', { number: 'MO-00012' }, 'start_batching')).toEqual({
      tone: 'success',
      title: 'Start batching',
      message: 'Order MO-00012: batching started',
    });
  });

  it('says a failed HPLC result as a failure, in red, with the % of claim and where it went', () => {
    const failed = hplcResultNotice({
      passed: 0,
      percent_of_claim: 86.712,
      production_order_number: 'MO-00012',
    });
    expect(failed).toEqual({
      tone: 'failure',
      title: 'HPLC failed',
      message: 'HPLC result saved: FAILED, 86.7 % of claim, order MO-00012 sent to QA',
    });
    const passed = hplcResultNotice({
      passed: 1,
      percent_of_claim: 100.2,
      production_order_number: 'MO-00012',
    });
    expect(passed).toMatchObject({
      tone: 'success',
      message: 'HPLC result saved: PASSED, 100.2 % of claim, order MO-00012 may go on',
    });
  });
});

describe('a workflow event told from the record the server answered', () => {
  const signed = {
    id: 7,
    status: 'in_progress',
    document_label: 'SOP-LBL-001 rev 1 · Label check',
  };

  it('tells a result below the pass mark as the failure it became, whatever the button said', () => {
    const failed = { ...signed, status: 'failed', score: 55, pass_mark: 80 };
    expect(
      eventNotice('Training', signed, 'complete', { after: failed, nameField: 'document_label' }),
    ).toEqual({
      tone: 'failure',
      title: 'Complete',
      message: 'Training SOP-LBL-001 rev 1 · Label check: Failed',
    });
  });

  it('tells a pass in green, by the status it reached', () => {
    const completed = { ...signed, status: 'completed', score: 90 };
    expect(
      eventNotice('Training', signed, 'complete', {
        after: completed,
        nameField: 'document_label',
      }),
    ).toMatchObject({
      tone: 'success',
      message: 'Training SOP-LBL-001 rev 1 · Label check: Completed',
    });
  });

  it('says the event as done and the status it is still in when the status did not move', () => {
    const overdue = { ...signed, status: 'overdue' };
    expect(
      eventNotice('Training', overdue, 'sign', { after: { ...overdue, version: 3 } }).message,
    ).toBe('Training: signed, still overdue');
  });

  it('names a record by its number when no name field is given, and statuses by label', () => {
    expect(
      eventNotice('Order', { number: 'MO-00012', status: 'planned' }, 'start_batching', {
        after: { number: 'MO-00012', status: 'hplc_failed' },
      }),
    ).toMatchObject({ tone: 'failure', message: 'Order MO-00012: Hplc failed' });
    expect(
      eventNotice('Training document', { code: 'SOP-1', status: 'approved' }, 'make_effective', {
        after: { code: 'SOP-1', status: 'effective' },
      }).message,
    ).toBe('Training document SOP-1: Effective');
  });

  it('falls back to the event as done without an answered record, in words people use', () => {
    expect(eventNotice('Training document', { code: 'SOP-1' }, 'make_effective').message).toBe(
      'Training document SOP-1: made effective',
    );
    expect(eventDone('make_effective')).toBe('made effective');
  });

  it('tells failure statuses from others', () => {
    expect(['failed', 'hplc_failed', 'FAILED', 'fail'].map(isFailureStatus)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['completed', 'rejected', 'failsafe_check', 'verified'].map(isFailureStatus)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
