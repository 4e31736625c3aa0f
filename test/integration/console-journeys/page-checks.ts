import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, seriousAccessibilityViolations } from '../../support/console-browser';

/** At a phone's 390 px the page itself never scrolls sideways (wide tables scroll in their own box). */
async function overflowAtPhoneWidth(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 844 });
  const wider = await page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    // What sticks out, to say where the page scrolls sideways.
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth && !e.parentElement?.closest('.wide'))
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${String(e.className)}` : ''}`);
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  return wider;
}

/** What every administrator's page must be: accessible (axe) and usable at 390 px. */
export async function checkPage(page: Page, name: string): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await overflowAtPhoneWidth(page)).toEqual([]);
  await screenshot(page, name);
}
