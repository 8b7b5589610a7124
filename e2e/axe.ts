import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { atRest } from './browser.js';

// axe-core runs inside the page (its own file, from node_modules: nothing downloaded). It is
// injected as an inline script, which the app's CSP rightly refuses: a page audited runs in a
// browser context opened with `bypassCSP` (the other browser tests run under the CSP).
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface Finding {
  page: string;
  theme: string;
  rule: string;
  where: string[];
}

/** What a person reads must not hold ids or JSON (issue 13: no developer wording). */
export async function developerWording(
  page: Page,
  label: string,
  theme: string,
): Promise<Finding[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found = [
    ...(text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? []),
    ...(text.match(/\{\s*"?[A-Za-z]+"?\s*:/g) ?? []),
  ];
  return found.length > 0 ? [{ page: label, theme, rule: 'developer wording', where: found }] : [];
}

/** axe's serious and critical findings on the page at rest (`atRest`: no tooltip mid-fade). */
export async function seriousFindings(
  page: Page,
  label: string,
  theme: string,
): Promise<Finding[]> {
  await atRest(page, { keepFocus: true });
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document)) as {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return found.map((f) => ({ ...f, page: label, theme }));
}
