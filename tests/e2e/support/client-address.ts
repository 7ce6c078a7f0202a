import { test, type TestInfo } from '@playwright/test';

/**
 * Every browser test reaches the server from an address of its own, as separate people would: the e2e
 * server trusts the proxy header (TRUST_PROXY=true in playwright.config.ts) and the fixture in test.ts
 * sends `X-Forwarded-For` with every request the browser makes. The rate limits stay as designed; no test
 * spends another's allowance. Addresses: 10.<worker>.<n / 256>.<n % 256>, n counting this worker's tests.
 * The browser sends the header to every origin, so cross-origin calls (the fake Graph API's /me) are
 * preflighted; the fake providers answer preflights as the real ones do.
 */
const given = new Map<string, string>();
let next = 0;

export function clientAddress(info: TestInfo = test.info()): string {
  const key = `${info.testId}#${info.retry}`;
  let address = given.get(key);
  if (!address) {
    next += 1;
    address = `10.${info.workerIndex % 256}.${Math.floor(next / 256) % 256}.${next % 256}`;
    given.set(key, address);
  }
  return address;
}

/** The headers that carry this test's address, for contexts made with `browser.newContext()` and for `fetch`. */
export function clientHeaders(info: TestInfo = test.info()): Record<string, string> {
  return { 'X-Forwarded-For': clientAddress(info) };
}
