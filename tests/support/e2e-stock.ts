import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { saveScreenshot } from './e2e-shell.ts';

// What the inventory journeys do on stock documents and grids, as a person does it: pick in a
// picker by typing, run a workflow action (confirming an irreversible one after reading what
// it moves), and read a grid's cells by column.

/** Picks `option` in the picker labelled `label`, typing `typed` into it first. */
export async function pick(page: Page, label: string, option: string, typed = option) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (await input.isEditable()) await input.fill(typed);
  // An option that shows its detail under the label (an ingredient's name) is named by both.
  const labelled = page
    .getByRole('option')
    .filter({ has: page.locator('[data-option-label]').getByText(option, { exact: true }) });
  await page.getByRole('option', { name: option, exact: true }).or(labelled).click();
}

/**
 * Picks by keyboard in the focused picker: types `typed`, waits until the list, narrowed on
 * the server, starts with `option`, then ArrowDown and Enter as a person would.
 */
export async function typeAndChoose(page: Page, typed: string, option: string): Promise<void> {
  await page.keyboard.type(typed);
  await expect
    .poll(() => page.getByRole('listbox').getByRole('option').first().innerText(), {
      timeout: 15_000,
    })
    .toBe(option);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

/**
 * In an open list, presses ArrowDown until `option` is the highlighted one, as a person
 * watching the highlight does; a key pressed while the list is still settling is not lost.
 * Enter is left to the caller.
 */
export async function arrowTo(page: Page, option: string, maxSteps = 12): Promise<void> {
  const highlighted = page.locator('[role="option"][data-combobox-selected]');
  for (let step = 0; step <= maxSteps; step += 1) {
    const text = (await highlighted.count()) > 0 ? await highlighted.first().innerText() : null;
    if (text === option) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`${option} was never highlighted after ${maxSteps} ArrowDown presses`);
}

/**
 * Presses Tab until the field labelled `label` has the focus, as a person reading the labels
 * does: the number of stops between two fields (a clear button, a stepper) is not counted.
 */
export async function tabToField(page: Page, label: string, most = 20): Promise<void> {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent ?? '';
    });
    if (focused.replace(/\s*\*$/, '').trim() === label) return;
  }
  throw new Error(`${label} was not reached with ${most} tabs`);
}

/**
 * By keyboard: Enter on Add line opens a line with the cursor on its product, which is then
 * typed and chosen (typeAndChoose).
 */
export async function addLineWithProduct(page: Page, sku: string): Promise<void> {
  await page.getByRole('button', { name: 'Add line' }).press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Product (line 1)');
  await typeAndChoose(page, sku, sku);
}

/**
 * The page of the record just saved, once it is on screen. A create replaces the `/new` URL
 * with the record's, and under load the page lags the URL: the view of the new address (the
 * shell's view per path, keep-alive-outlet.tsx) is what shows the record, so a workflow button
 * is pressed there and not on what the browser still shows. So the URL is not enough: this
 * waits for the record's own view to show its form (and the save, if one runs, to end).
 */
export async function savedRecordView(page: Page, path: RegExp): Promise<Locator> {
  await page.waitForURL((url) => path.test(url.pathname));
  const view = page.locator(`[data-view-path="${new URL(page.url()).pathname}"]`);
  await view.getByRole('button', { name: 'Save', exact: true, disabled: false }).waitFor();
  return view;
}

/** Saves the form on its own page and waits for the saved record's page (savedRecordView). */
export async function save(page: Page, path: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await savedRecordView(page, path);
}

/** The workflow buttons of the open document, by label. */
export async function actionsOffered(page: Page): Promise<string[]> {
  const bar = page.getByRole('group', { name: 'Document actions' });
  await bar.waitFor();
  return bar.getByRole('button').allInnerTexts();
}

/**
 * Runs a workflow action and waits for the status badge. An irreversible action asks first:
 * the confirmation's list of what it moves is returned, after confirming it.
 */
export async function act(
  page: Page,
  action: string,
  status: string,
  /** A screenshot of the confirmation, for a person to look at. */
  shot?: string,
): Promise<string[]> {
  const bar = page.getByRole('group', { name: 'Document actions' });
  // The bar's status tag reads as a list's does ('In progress' for 'in progress').
  const tag = bar.getByText(new RegExp(`^${status}$`, 'i'));
  await bar.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const moved: string[] = [];
  const asked = await Promise.race([
    dialog.waitFor().then(() => true),
    tag.waitFor().then(() => false),
  ]);
  if (asked) {
    moved.push(...(await dialog.getByRole('listitem').allInnerTexts()));
    if (shot) await saveScreenshot(page, shot);
    await dialog.getByRole('button', { name: action, exact: true }).click();
  }
  await tag.waitFor();
  return moved;
}

/** The cells of `columns` of a grid, one record per row (ag-grid splits rows by container). */
export async function gridRows(
  page: Page,
  viewPath: string,
  columns: readonly string[],
): Promise<Record<string, string>[]> {
  const view = page.locator(`[data-view-path="${viewPath}"]`);
  const byRow = new Map<string, Record<string, string>>();
  for (const column of columns) {
    const cells = await view
      .locator(`.ag-row [col-id="${column}"]`)
      .evaluateAll((all) =>
        all.map(
          (cell) =>
            [
              cell.closest('.ag-row')?.getAttribute('row-index') ?? '',
              (cell.textContent ?? '').trim(),
            ] as const,
        ),
      );
    for (const [index, text] of cells) {
      byRow.set(index, { ...byRow.get(index), [column]: text });
    }
  }
  return [...byRow.values()];
}

/** Filters a grid's product column to one SKU through its column filter. */
export async function filterToProduct(page: Page, viewPath: string, sku: string): Promise<void> {
  const view = page.locator(`[data-view-path="${viewPath}"]`);
  await view.getByRole('button', { name: 'Filter Product', exact: true }).first().click();
  const form = page.getByRole('form', { name: 'Filter Product' });
  await form.getByRole('textbox', { name: 'Search values' }).fill(sku);
  await form.getByRole('checkbox', { name: sku }).check();
  await form.getByRole('button', { name: 'Apply' }).click();
}
