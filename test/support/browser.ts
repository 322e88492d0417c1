import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { Browser, Page } from 'puppeteer-core';

/**
 * Headless Chromium for the browser tests: Debian's `chromium` package driven
 * by puppeteer-core (which downloads nothing). Tests that use it call
 * `launchBrowser()` in their `beforeAll` with a long timeout.
 */
export const CHROMIUM = '/usr/bin/chromium';

/** Screenshots and other files the browser tests leave for a person to look at (gitignored). */
export const TEST_OUTPUT = resolve(__dirname, '../../test-output/browser');

/**
 * Installs Debian's `chromium` when it is missing (`apt-get install`, as root;
 * an `apt-get update` first only when the package lists do not know it yet).
 * Idempotent, and serialized with flock: two test files may ask at once.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium) as root`);
  const script =
    `[ -x ${CHROMIUM} ] || { export DEBIAN_FRONTEND=noninteractive; ` +
    `apt-get install -y --no-install-recommends chromium || { apt-get update && apt-get install -y --no-install-recommends chromium; }; }`;
  execFileSync('flock', ['/tmp/commerce-api-chromium-install.lock', 'sh', '-c', script], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 15 * 60_000 });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get did not install ${CHROMIUM}`);
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
