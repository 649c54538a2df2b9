import { describe, expect, it } from 'vitest';
import {
  eventDone,
  eventNotice,
  hplcResultNotice,
  recordNotice,
  resultNotice,
} from '../../../src/api/result-notice.ts';

describe('what a finished action says (issue 13 defect 10)', () => {
  it('keeps the generic notification of spec §8 for callers with nothing better to say', () => {
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
    expect(eventDone('mark_empty')).toBe('marked empty');
    expect(eventDone('rework')).toBe('sent for rework');
    expect(eventDone('complete')).toBe('completed');
    expect(eventDone('send')).toBe('sent');
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
