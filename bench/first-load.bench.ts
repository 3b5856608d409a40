/**
 * The first screen on a slow network (issue 43 item 13): the built web app served by the real server
 * (apps/server/dist/main.js, apps/web/dist) is opened cold in Chromium with DevTools' "Fast 3G"
 * (1.6 Mbit/s down, 750 kbit/s up, 562.5 ms latency) on three pages: the login page, the home page
 * signed in, and a result URL signed in. Per page it prints the bytes on the wire (JavaScript and
 * everything) and the requests until the page is usable, and the time to a usable page: the login
 * form, the home page's search box, the first result row.
 *
 *   npm run build && npx tsx --conditions=@patlas/source bench/first-load.bench.ts [--runs 3]
 *
 * (or `npm run bench:first-load -w bench -- …` after the build). The server runs on a temporary data
 * folder that loads the end-to-end corpus cut (e2e/fixtures/corpus/e2e-corpus); each run of a page
 * is a new browser context (empty cache). Times are the median of `--runs`; bytes and requests are
 * the first run's. Needs Chromium at /usr/bin/chromium (or PATLAS_CHROMIUM).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from './src/paths.js';
import { BenchServerProcess } from './src/server-process.js';
import { browserSession, type BrowserSession } from './src/web-session.js';

const CHROMIUM = process.env.PATLAS_CHROMIUM ?? '/usr/bin/chromium';
const ADMIN_PASSWORD = 'bench-first-load-1';

/** DevTools' "Fast 3G" preset: its throughputs are 90 % of the nominal rates, in bytes per second. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

interface PageCase {
  name: string;
  url: string;
  signedIn: boolean;
  usable: (page: Page) => Promise<void>;
}

interface Measure {
  ms: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
  jsEncodings: string[];
}

const PAGES: PageCase[] = [
  {
    name: 'login',
    url: '/login',
    signedIn: false,
    usable: (page) => page.locator('form.login-form input[autocomplete="username"]').waitFor({ timeout: 120_000 }),
  },
  {
    name: 'home',
    url: '/home',
    signedIn: true,
    usable: (page) => page.getByRole('textbox', { name: '检索式' }).waitFor({ timeout: 120_000 }),
  },
  {
    name: 'result',
    url: `/innovationSpace/searchResult?q=${encodeURIComponent('TI=(电池)')}`,
    signedIn: true,
    usable: (page) => page.locator('.result-table tbody tr.result-row').first().waitFor({ timeout: 120_000 }),
  },
];

/** Opens one page cold under Fast 3G and counts what crossed the wire until it was usable. */
async function measure(
  browser: Browser,
  baseUrl: string,
  pageCase: PageCase,
  session: BrowserSession,
): Promise<Measure> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'zh-CN',
    ...(pageCase.signedIn
      ? {
          storageState: {
            cookies: session.cookies,
            origins: [{ origin: baseUrl, localStorage: session.localStorage }],
          },
        }
      : {}),
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const types = new Map<string, string>();
    const encodings = new Map<string, string>();
    let requests = 0;
    let jsBytes = 0;
    let totalBytes = 0;
    cdp.on('Network.requestWillBeSent', () => (requests += 1));
    cdp.on('Network.responseReceived', (event) => {
      types.set(event.requestId, event.type);
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      encodings.set(event.requestId, String(headers['content-encoding'] ?? 'identity'));
    });
    const jsEncodings = new Set<string>();
    cdp.on('Network.loadingFinished', (event) => {
      totalBytes += event.encodedDataLength;
      if (types.get(event.requestId) === 'Script') {
        jsBytes += event.encodedDataLength;
        jsEncodings.add(encodings.get(event.requestId) ?? 'identity');
      }
    });
    const started = performance.now();
    await page.goto(`${baseUrl}${pageCase.url}`, { waitUntil: 'commit', timeout: 120_000 });
    await pageCase.usable(page);
    const ms = performance.now() - started;
    return { ms, jsBytes, totalBytes, requests, jsEncodings: [...jsEncodings].sort() };
  } finally {
    await context.close();
  }
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 20 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Math.max(1, Number(values.runs));
  const dist = path.join(REPO_ROOT, 'apps/web/dist/index.html');
  if (!existsSync(dist)) throw new Error(`no web build (${dist}): run \`npm run build\` first`);
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set PATLAS_CHROMIUM)`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-first-load-'));
  const demoDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-first-load-demo-'));
  cpSync(path.join(REPO_ROOT, 'e2e/fixtures/corpus/e2e-corpus'), path.join(demoDir, '1-e2e-corpus'), {
    recursive: true,
  });
  const server = await BenchServerProcess.start(dataDir, {
    DEMO_CORPUS: 'true',
    DEMO_DIR: demoDir,
    NODE_ENV: 'test',
    PATLAS_ADMIN_PASSWORD: ADMIN_PASSWORD,
  });
  let browser: Browser | undefined;
  try {
    let patents = 0;
    // The corpus loaded and the semantic space learned: no start-up work competes with the pages.
    await waitUntil('corpus', async () => {
      const { data } = (await (await fetch(`${server.url}/api/health`)).json()) as {
        data: { patents: number; starting: boolean; demoLoading: boolean; semantic: { building: boolean } };
      };
      patents = data.patents;
      return !data.starting && !data.demoLoading && patents > 0 && !data.semantic.building;
    });
    const session = await browserSession(server.url, 'admin@patlas.local', ADMIN_PASSWORD);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
    });
    console.log(`corpus: ${patents} patents; network: Fast 3G (180 KB/s down, 84 KB/s up, 562.5 ms); ${runs} run(s)`);
    const rows: string[][] = [];
    for (const pageCase of PAGES) {
      const results: Measure[] = [];
      for (let run = 0; run < runs; run++) results.push(await measure(browser, server.url, pageCase, session));
      const first = results[0]!;
      const times = results.map((r) => r.ms);
      rows.push([
        pageCase.name,
        kb(first.jsBytes),
        kb(first.totalBytes),
        String(first.requests),
        first.jsEncodings.join('+') || '-',
        `${(median(times) / 1000).toFixed(1)} s`,
        `${(Math.min(...times) / 1000).toFixed(1)}–${(Math.max(...times) / 1000).toFixed(1)} s`,
      ]);
    }
    const header = ['page', 'JS on wire', 'total on wire', 'requests', 'JS encoding', 'usable (median)', 'range'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(demoDir, { recursive: true, force: true });
  }
}

await main();
