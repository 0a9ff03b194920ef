import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';

/**
 * Browser journeys drive Debian's Chromium (toolchain notes: a test tool's own browser download
 * fails here), headless, with a fresh temporary profile per launch. By default its headless shell
 * (package chromium-headless-shell): the same Chromium release, Blink and V8 without the desktop
 * browser around the page, which is what Playwright itself runs for headless tests. The full browser
 * spent ~40 % more CPU on the same journeys (browser-process window management and compositing on
 * 2 cores), which put `npm test` past 8 minutes (docs/performance.md, test suite).
 * `CHROMIUM_PATH=/usr/bin/chromium npm test` runs every journey in the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_INSTALL_HINT = 'apt-get install chromium-headless-shell fonts-noto-cjk';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserSession {
  context: BrowserContext;
  /** A new tab with no cookies: each journey starts signed out. */
  freshPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The test run's one Chromium (test/support/chromium-global-setup.ts) shares its endpoint here; each
 * file then opens its own context in it instead of starting a browser (3–4 s each on this machine).
 */
export const SHARED_CHROMIUM_ENV = 'SIMPLE_SLOT_CHROMIUM_WS';

/**
 * How long a journey waits for a pushed change to reach the screen. Journeys prove the push caused
 * it (no read request was made); how fast it is (1 s) is `npm run bench live-push`'s figure, since a
 * time bound inside a test fails on a loaded machine without anything being wrong.
 */
export const PUSH_SHOWN_TIMEOUT_MS = 10_000;

const contextOptions = {
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
  viewport: { width: 1440, height: 900 },
} as const;

/**
 * Journeys ask for the app's own reduced-motion rules: no pulsing unread dot, no toast slide-ins.
 * Chromium otherwise repaints them every frame while a journey waits (≈ 8 % of the CPU of the a11y,
 * announcements and settings journeys); what the pages show once at rest is the same. Benches keep
 * the motion a visitor gets.
 */
const journeyContextOptions = { ...contextOptions, reducedMotion: 'reduce' } as const;

/** A browser for one test file: a fresh context in the shared Chromium, or a Chromium of its own (benches). */
export async function launchBrowser(): Promise<BrowserSession> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared) {
    const browser = await chromium.connect(shared);
    const context = await browser.newContext(journeyContextOptions);
    return session(context, async () => {
      await context.close();
      await browser.close(); // disconnects; the shared Chromium keeps running
    });
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (${CHROMIUM_INSTALL_HINT})`);
  const userDataDir = mkdtempSync(join(tmpdir(), 'simple-slot-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ...contextOptions,
  });
  return session(context, async () => {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  });
}

function session(context: BrowserContext, close: () => Promise<void>): BrowserSession {
  return {
    context,
    async freshPage() {
      // Tabs first: a signed-in tab left open could rotate its refresh cookie back in after the clear.
      for (const page of context.pages()) await page.close();
      await context.clearCookies();
      return context.newPage();
    },
    close,
  };
}

/**
 * Screenshots of a journey for a person to look at, saved only when SCREENSHOT_DIR names a folder
 * (`SCREENSHOT_DIR=test/artifacts npx vitest run --project browser …`). No test reads them, and on
 * every run Chromium would capture and encode ~90 images, most of them full pages.
 */
export function screenshotsOf(prefix: string, defaults: { fullPage?: boolean } = {}) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  return async (target: Page | Locator, name: string, fullPage = defaults.fullPage ?? false) => {
    if (!dir) return;
    const path = join(dir, `${prefix}${name}.png`);
    // A locator's picture is the element's box: only a page has a full length to capture.
    await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
  };
}

/**
 * Counts the page's /api requests in flight, so a journey can wait until a screen has finished
 * loading its data (Chromium's own "networkidle" does not fire for client-side navigations).
 */
export function trackApiCalls(page: Page) {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const started = (request: Request) => {
    if (!isApi(request)) return;
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (!isApi(request)) return;
    pending.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  // The answer's arrival ends a call (a body the app never reads may never "finish").
  page.on('response', (response) => ended(response.request()));
  page.on('requestfailed', ended);
  return {
    /** Resolves once no /api call has started or ended for `quietMs`. */
    async settled(quietMs = 500, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (pending.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          const urls = [...pending].map((r) => `${r.method()} ${new URL(r.url()).pathname}`).join(', ');
          throw new Error(`API calls still running after ${timeoutMs} ms: ${urls}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

const root = resolve(import.meta.dirname, '../..');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** web/dist exists and is newer than every web or shared source. */
export function webBuildIsCurrent() {
  const built = join(root, 'web/dist/index.html');
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'shared']
    .map((p) => join(root, p))
    .filter(existsSync);
  return existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime));
}

/**
 * The local stack serves web/dist: rebuild it when any web or shared source is newer, so a journey
 * never runs yesterday's bundle.
 */
export function ensureWebBuild() {
  if (webBuildIsCurrent()) return;
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would give Vite a development React build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

/**
 * Changes the page of a tab showing the app in place, as a menu link does: the router follows the
 * history change, from the top of the page as a fresh load starts. A journey visiting many pages saves
 * Chromium loading the whole app for each; callers wait for the new page's own heading or data.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.scrollTo(0, 0);
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Fills and submits the login form as a person would; callers wait for where it should land. */
export async function submitLogin(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('아이디').fill(email);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
}
