import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { Browser, Page } from 'puppeteer-core';
import { ensureDebianPackage } from './debian-packages';

/**
 * Headless Chromium for the browser tests: Debian's `chromium` package driven
 * by puppeteer-core (which downloads nothing). Tests that use it call
 * `launchBrowser()` in their `beforeAll` with a long timeout.
 */
export const CHROMIUM = '/usr/bin/chromium';

/** Screenshots and other files the browser tests leave for a person to look at (gitignored). */
export const TEST_OUTPUT = resolve(__dirname, '../../test-output/browser');

/** Installs Debian's `chromium` when it is missing (as root: see ensureDebianPackage). */
export function ensureChromium(): void {
  ensureDebianPackage(CHROMIUM, 'chromium');
}

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * A fresh headless Chromium: its own profile directory, no background traffic
 * (updates, sync, QUIC). `hostRules` maps host names to addresses
 * (`MAP shop.test 127.0.0.1`), to reach the service by a name other than localhost.
 */
export async function launchBrowser(options: { hostRules?: string } = {}): Promise<TestBrowser> {
  ensureChromium();
  const profile = mkdtempSync(join(tmpdir(), 'commerce-api-chromium-'));
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
  ];
  if (options.hostRules) args.push(`--host-resolver-rules=${options.hostRules}`);
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args, defaultViewport: { width: 1280, height: 900 } });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * What went wrong in a page while a test drove it: console errors, uncaught
 * exceptions, failed requests and HTTP errors of the page's own assets.
 */
export function watchPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url ?? ''})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  return problems;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  const path = join(TEST_OUTPUT, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
