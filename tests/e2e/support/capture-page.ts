// Page model of the capture screens (issue 14): the list with the new-sitting form, and one sitting being captured.
// Labels are English unless `ar` is set (then the Arabic of the shipped catalog).
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { ar, exactly } from './arabic'

export class CapturePage {
  constructor(readonly page: Page, private readonly arabic = false) {}

  /** A label as the screen shows it in the page's language. */
  l(english: string): RegExp {
    return exactly(this.arabic ? ar(english) : english)
  }

  /** The capture list in the sample class's year, 2026-2027 (another spec may have added a later, active year). */
  async open() {
    await this.page.goto('/capture')
    await expect(this.page.getByRole('heading', { name: this.l('Record a sitting') })).toBeVisible()
    // In the top bar, or on a phone in the row below it.
    const year = this.page.getByRole('combobox', { name: this.l('Academic year') }).filter({ visible: true })
    if ((await year.count()) > 0 && (await year.inputValue()) !== (await year.getByRole('option', { name: '2026-2027' }).getAttribute('value'))) {
      // The year selector reloads the page so every screen starts from the new year.
      await Promise.all([this.page.waitForEvent('load'), year.selectOption({ label: '2026-2027' })])
      await expect(this.page.getByRole('heading', { name: this.l('Record a sitting') })).toBeVisible()
    }
  }

  async newSitting(o: { cls: string; student: string; passage: string; audio: boolean }) {
    await this.page.getByLabel(this.l('Class')).selectOption({ label: o.cls })
    await this.page.getByLabel(this.l('Student')).selectOption({ label: o.student })
    await this.page.getByLabel(this.l('Passage')).selectOption({ label: o.passage })
    await this.page.getByRole('checkbox', { name: this.l('Record audio while the student reads') }).setChecked(o.audio)
    await this.page.getByRole('button', { name: this.l('Start sitting') }).click()
    await expect(this.page).toHaveURL(/\/capture\/[0-9a-f-]{36}$/)
  }

  get passage(): Locator {
    return this.page.getByTestId('passage')
  }

  word(i: number): Locator {
    return this.page.getByTestId(`word-${i}`)
  }

  gap(i: number): Locator {
    return this.page.getByTestId(`gap-${i}`)
  }

  async pen(english: string) {
    await this.page.getByRole('radio', { name: new RegExp(this.arabic ? ar(english) : english) }).check({ force: true })
  }

  button(english: string): Locator {
    return this.page.getByRole('button', { name: this.l(english) })
  }

  figure(name: 'accuracy' | 'errors' | 'sc' | 'wcpm' | 'band'): Locator {
    return this.page.getByTestId(`figure-${name}`)
  }

  async figures() {
    return {
      accuracy: await this.figure('accuracy').innerText(),
      errors: await this.figure('errors').innerText(),
      sc: await this.figure('sc').innerText(),
      wcpm: await this.figure('wcpm').innerText(),
    }
  }

  /** The row of a sitting in the list on this device. */
  row(student: string, passage: string): Locator {
    return this.page.getByTestId('capture-row').filter({ hasText: student }).filter({ hasText: passage })
  }
}
