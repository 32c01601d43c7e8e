// The server-searched person picker (features/employees/components/PersonPicker.tsx): type part of the name,
// wait for the server's answer to list the person, pick them. Shared by every spec that chooses someone.
import { expect, type Locator, type Page } from '@playwright/test';

/** The open picker's list (a page's native selects have options too). */
export const results = (scope: Page | Locator) => scope.getByRole('listbox', { name: 'Hasil pencarian karyawan' });

/** Picks `name` in the combobox labelled `label` (inside `scope`, e.g. a modal) by typing it. */
export async function pickPerson(scope: Page | Locator, label: string, name: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.fill(name);
  // The name is matched exactly, within the option (a locator of the page: `has` is read inside the option).
  const page = 'page' in scope ? scope.page() : scope;
  const option = results(scope)
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) });
  await expect(option).toHaveCount(1);
  await option.click();
  await expect(box).toHaveValue(name);
}

/** Clears the choice through the list's first entry (e.g. 'Semua'). */
export async function clearPerson(scope: Page | Locator, label: string, emptyLabel: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await results(scope).getByRole('option', { name: emptyLabel, exact: true }).click();
  await expect(box).toHaveValue('');
}
