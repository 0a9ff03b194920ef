import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, CHROMIUM_PATH, SHARED_CHROMIUM_ENV } from './browser';

/**
 * One headless Chromium for the browser project: test files connect to it and each opens its own
 * context (cookies, storage and tabs of their own), so no file pays for starting a browser.
 */
export default async function setup() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (${CHROMIUM_INSTALL_HINT})`);
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_CHROMIUM_ENV];
    await server.close();
  };
}
