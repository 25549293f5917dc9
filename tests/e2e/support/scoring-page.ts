// Page model of "Miscues and scoring" (/scoring, ADR 0092): the taxonomy table, the profile list and the choice
// of profile per passage language. Labels are English unless `arabic` is set (then the shipped catalog's Arabic).
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { ar, exactly } from './arabic'

export class ScoringPage {
  constructor(readonly page: Page, private readonly arabic = false) {}

  /** A label as the screen shows it in the page's language. */
  l(english: string): string {
    return this.arabic ? ar(english) : english
  }

  /** Opens the page from the main menu, as a user finds it. */
  async openFromMenu() {
    await this.page.getByRole('navigation', { name: this.l('Main menu') }).getByRole('link', { name: this.l('Miscues and scoring') }).click()
    await expect(this.page).toHaveURL(/\/scoring$/)
    await expect(this.types.getByRole('row').nth(1)).toBeVisible()
  }

  get types(): Locator {
    return this.page.getByRole('table', { name: this.l('Miscue types') })
  }

  get profiles(): Locator {
    return this.page.getByRole('table', { name: this.l('Scoring profiles') })
  }

  typeRow(name: string): Locator {
    return this.types.getByRole('row').filter({ hasText: name })
  }

  profileRow(name: string): Locator {
    return this.profiles.getByRole('row').filter({ hasText: name })
  }

  /** The choice of profile for 'Arabic passages' or 'Other passages'. */
  passageChoice(label: 'Arabic passages' | 'Other passages'): Locator {
    return this.page.getByRole('combobox', { name: exactly(this.l(label)) })
  }

  button(english: string): Locator {
    return this.page.getByRole('button', { name: exactly(this.l(english)) })
  }

  field(english: string): Locator {
    return this.page.getByLabel(exactly(this.l(english)))
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text })
  }
}
