#!/usr/bin/env node
// `npm run bench`: measures the production build on this machine.
//
//   npm run bench                                  every route of scripts/bench-routes.mjs
//   npm run bench -- --duration 5 --routes ready   shorter, only some routes (health is always in)
//   npm run bench -- --routes photo_upload         only the upload of a 4000×3000 JPEG (time, peak RSS)
//   npm run bench -- --lighthouse [paths...]       Lighthouse on pages (default /, /products, /products/1)
//   npm run bench -- --products 100000             the same routes over a catalog of that many products
//   npm run bench -- --products 100000 --data-dir /tmp/kc-100k   seeded once, kept and reused by later runs
//
// Options: --duration N (s, default 10), --warmup N (s, default 3), --connections N (default 50),
// --routes a,b, --products N (seeded with `npm run seed -- --products N` first), --data-dir DIR, --no-build.
// Results are printed and written to bench-results/<timestamp>.json. The server runs on a free
// 127.0.0.1 port with a fresh data directory, removed at the end, unless --data-dir names one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { BASELINE, benchRoutes } from './bench-routes.mjs';
import { measurePhotoUpload, PHOTO_UPLOAD } from './lib/bench-upload.mjs';
import { buildIfNeeded } from './lib/build.mjs';
import { fromRoot, repoRoot } from './lib/paths.mjs';
import { findFreePort, makeTempDataDir, removeDir, startServer } from './lib/server.mjs';

const DEFAULT_PAGES = ['/', '/products', '/products/1'];

const log = (message) => console.log(`[bench] ${message}`);

function fail(message) {
  console.error(`[bench] ${message}`);
  process.exit(1);
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    routes: { type: 'string' },
    products: { type: 'string' },
    'data-dir': { type: 'string' },
    lighthouse: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (options.help) {
  console.log(
    fs
      .readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 14)
      .join('\n'),
  );
  process.exit(0);
}

const positiveInt = (name, text, min) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    fail(`--${name} must be a whole number >= ${min} (got "${text}")`);
  return value;
};
const duration = positiveInt('duration', options.duration, 1);
const warmup = positiveInt('warmup', options.warmup, 0);
const connections = positiveInt('connections', options.connections, 1);
const products = options.products === undefined ? undefined : positiveInt('products', options.products, 1);
if (positionals.length > 0 && !options.lighthouse) {
  fail(`Unexpected arguments: ${positionals.join(' ')} (page paths go after --lighthouse)`);
}

/** The routes to measure: the filter's, always with the baseline first. */
function selectRoutes() {
  const names = options.routes
    ?.split(',')
    .map((name) => name.trim())
    .filter((name) => name && name !== PHOTO_UPLOAD);
  if (names) {
    const unknown = names.filter((name) => !benchRoutes.some((route) => route.name === name));
    if (unknown.length > 0) {
      fail(
        `Unknown route(s): ${unknown.join(', ')}. Known: ${benchRoutes.map((route) => route.name).join(', ')}`,
      );
    }
  }
  const baseline = benchRoutes.find((route) => route.name === BASELINE);
  if (!baseline) fail(`scripts/bench-routes.mjs has no "${BASELINE}" route`);
  const chosen = benchRoutes.filter(
    (route) => route.name !== BASELINE && (!names || names.includes(route.name)),
  );
  return [/** @type {import('./bench-routes.mjs').BenchRoute} */ (baseline), ...chosen];
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/**
 * One autocannon run, resolved with its result and every answer's latency: autocannon's
 * histogram has no p95, so it is taken from these. A request whose `setupRequest` names a
 * `context.group` (list, search…) has its latency kept in that group too.
 */
async function cannon(url, route, seconds) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<string, number[]>} */
  const groups = new Map();
  // autocannon calls a request's onResponse with its context just before it emits 'response'
  // for the same answer, in one synchronous step: the group is noted there and used there.
  /** @type {string | undefined} */
  let answeredGroup;
  const requests = route.requests?.map((/** @type {any} */ request) => ({
    ...request,
    onResponse: (/** @type {any[]} */ ...args) => {
      answeredGroup = args[2]?.group;
      return request.onResponse?.(...args);
    },
  }));
  const instance = autocannon({
    url,
    method: route.method ?? 'GET',
    headers: route.headers,
    body: route.body,
    // A sequence of requests per connection (each may set itself up, e.g. with a session).
    ...(requests ? { requests } : {}),
    connections,
    duration: seconds,
    timeout: 10,
  });
  instance.on('response', (_client, _status, _bytes, /** @type {number} */ ms) => {
    latencies.push(ms);
    if (answeredGroup === undefined) return;
    const group = groups.get(answeredGroup) ?? [];
    group.push(ms);
    groups.set(answeredGroup, group);
    answeredGroup = undefined;
  });
  const result = await instance;
  return { result, latencies, groups };
}

/**
 * The latency below which `fraction` of the answers came (nearest rank), in ms.
 * @param {number[]} sorted ascending
 * @param {number} fraction
 */
function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/** p50, p95 and p99 of some latencies, with how many there were. */
function summarise(/** @type {number[]} */ latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: round(percentile(sorted, 0.5), 2),
    p95: round(percentile(sorted, 0.95), 2),
    p99: round(percentile(sorted, 0.99), 2),
  };
}

/**
 * @param {number} value
 * @param {number} [digits]
 */
const round = (value, digits = 1) => Number((value ?? 0).toFixed(digits));

/**
 * Samples the server's resident memory every 250 ms until stopped; answers the peak in MB, or
 * null where /proc is not there.
 */
function sampleServerRss() {
  let peakKb = 0;
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // Not Linux, or the server is gone: no figure.
    }
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peakKb > 0 ? Math.round(peakKb / 1024) : null;
    },
  };
}

/** @param {string} baseUrl @param {import('./bench-routes.mjs').BenchRoute[]} routes */
async function measureRoutes(baseUrl, routes) {
  const results = [];
  const skipped = [];
  for (const declared of routes) {
    const overrides = (await declared.setup?.({ baseUrl, dataDir })) ?? {};
    const route = { ...declared, ...overrides };
    const url = new URL(route.path, baseUrl).href;
    const method = route.method ?? 'GET';
    const probe = await fetch(url, {
      method,
      headers: route.headers,
      body: route.body,
      signal: AbortSignal.timeout(10_000),
    });
    await probe.arrayBuffer();
    if (probe.status === 404 && route.name !== BASELINE) {
      log(`skipping ${route.name}: ${method} ${route.path} answers 404 (not built yet?)`);
      skipped.push({ name: route.name, path: route.path, status: 404 });
      continue;
    }
    if (probe.status >= 400) log(`note: ${route.name} answers HTTP ${probe.status}; measuring it anyway`);

    log(`${route.name}: ${method} ${route.path} (${warmup} s warm-up, ${duration} s measured)`);
    if (warmup > 0) await cannon(url, route, warmup);
    const rss = sampleServerRss();
    const { result, latencies, groups } = await cannon(url, route, duration);
    const serverRssMb = rss.stop();
    const measured = summarise(latencies);
    // A route may check what the load left behind and add its own figures (orders/s, invariants).
    const report =
      (await route.report?.({ baseUrl, dataDir, result, durationSeconds: duration })) ?? undefined;
    results.push({
      ...(report ? { report } : {}),
      name: route.name,
      method,
      path: route.path,
      probeStatus: probe.status,
      requestsPerSecond: round(result.requests.average),
      totalRequests: result.requests.total,
      latencyMs: {
        p50: round(result.latency.p50, 2),
        p90: round(result.latency.p90, 2),
        // From every answer's latency (autocannon's histogram has no p95).
        p95: measured.p95,
        p97_5: round(result.latency.p97_5, 2),
        p99: round(result.latency.p99, 2),
        max: round(result.latency.max, 2),
        average: round(result.latency.average, 2),
      },
      ...(groups.size > 0
        ? {
            /** Latency of each kind of request the route mixes (e.g. list pages and searches). */
            latencyByGroupMs: Object.fromEntries(
              [...groups.entries()].map(([group, values]) => [group, summarise(values)]),
            ),
          }
        : {}),
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
      ),
      throughputBytesPerSecond: round(result.throughput.average, 0),
      /** The server's largest resident memory while measured (Linux), in MB. */
      serverRssMb,
      /** @type {number | null} */
      ratioToBaselinePercent: null,
    });
  }
  const baseline = results.find((result) => result.name === BASELINE)?.requestsPerSecond ?? 0;
  for (const result of results) {
    result.ratioToBaselinePercent = baseline > 0 ? round((result.requestsPerSecond / baseline) * 100) : null;
  }
  return { results, skipped };
}

function printTable(headers, rows) {
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...rows.map((row) => String(row[index]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, index) =>
        index === 0 ? String(cell).padEnd(widths[index]) : String(cell).padStart(widths[index]),
      )
      .join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function printRouteTable(results) {
  console.log('');
  printTable(
    [
      'route',
      'req/s',
      'p50 ms',
      'p90 ms',
      'p95 ms',
      'p99 ms',
      'errors (with timeouts)',
      'non-2xx',
      `vs ${BASELINE}`,
      'RSS MB',
    ],
    results.map((result) => [
      result.name,
      result.requestsPerSecond.toLocaleString('en-US'),
      result.latencyMs.p50,
      result.latencyMs.p90,
      result.latencyMs.p95,
      result.latencyMs.p99,
      // autocannon counts a timeout as an error too.
      result.errors,
      result.non2xx,
      result.ratioToBaselinePercent == null ? '-' : `${result.ratioToBaselinePercent}%`,
      result.serverRssMb ?? '-',
    ]),
  );
  for (const result of results) {
    for (const [group, figures] of Object.entries(result.latencyByGroupMs ?? {})) {
      console.log(
        `${result.name} ${group}: ${figures.requests} answers, p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms`,
      );
    }
  }
  console.log('');
}

function printLighthouse(pages) {
  console.log('');
  printTable(
    ['page', 'perf', 'a11y', 'best', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'JS KB (br/gz)', 'attempts'],
    pages.map((page) => [
      page.path,
      page.scores.performance ?? '-',
      page.scores.accessibility ?? '-',
      page.scores['best-practices'] ?? '-',
      page.scores.seo ?? '-',
      page.lcpMs == null ? '-' : Math.round(page.lcpMs),
      page.tbtMs == null ? '-' : Math.round(page.tbtMs),
      page.cls == null ? '-' : page.cls.toFixed(3),
      (page.scriptTransferBytes / 1024).toFixed(1),
      page.attempts,
    ]),
  );
  for (const page of pages) {
    if (page.runtimeError) console.log(`${page.path}: Lighthouse error: ${page.runtimeError}`);
    for (const [category, audits] of Object.entries(page.failedAudits)) {
      if (audits.length > 0) console.log(`${page.path}: ${category} audits not passed: ${audits.join(', ')}`);
    }
  }
  console.log('');
}

function writeResults(report) {
  const dir = fromRoot('bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${report.startedAt.replace(/[:.]/g, '-')}${report.mode === 'lighthouse' ? '-lighthouse' : ''}.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${path.relative(repoRoot, file)}`);
}

// --- run ---------------------------------------------------------------------------------

// Checked before anything starts, so that a typo leaves nothing behind.
const selectedRoutes = options.lighthouse ? [] : selectRoutes();
/** The photo upload is a step of its own after the routes: in every run, or when --routes names it. */
const measureUpload =
  !options.lighthouse &&
  (!options.routes || options.routes.split(',').some((name) => name.trim() === PHOTO_UPLOAD));

if (!options['no-build']) await buildIfNeeded({ log });

const startedAt = new Date().toISOString();
const port = await findFreePort();
// A kept data directory remembers the catalog size it was seeded with, so a later run with the
// same --products skips the seeding (minutes at 100,000 products). What the routes' setups
// write (customers, orders) stays in it too.
const keptDataDir = options['data-dir'] ? path.resolve(options['data-dir']) : undefined;
const seededMarker = keptDataDir && path.join(keptDataDir, 'bench-seeded-products');
if (keptDataDir) {
  fs.mkdirSync(keptDataDir, { recursive: true });
  fs.chmodSync(keptDataDir, 0o755);
}
const dataDir = keptDataDir ?? makeTempDataDir('shop-bench-');
const alreadySeeded =
  seededMarker !== undefined &&
  fs.existsSync(seededMarker) &&
  fs.readFileSync(seededMarker, 'utf8').trim() === String(products ?? 'demo');
if (alreadySeeded) log(`reusing ${dataDir}, seeded with ${products ?? 'the demo cellar'}`);
else if (keptDataDir && fs.existsSync(path.join(keptDataDir, 'postgres'))) {
  fail(`${keptDataDir} holds a database not seeded by the bench with --products ${products ?? '(none)'}`);
}
if (products !== undefined && !alreadySeeded) {
  // The catalog is written before the server starts (the seed refuses a data directory in use);
  // the server then finds it not empty and keeps it.
  log(`seeding ${products.toLocaleString('en-US')} products into ${dataDir}`);
  // The run's own embedded database, as the server's: an inherited DATABASE_URL is not used.
  const { DATABASE_URL: _inherited, ...env } = process.env;
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', fromRoot('apps/api/src/scripts/seed.ts'), '--products', String(products)],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'production', INIT_CWD: repoRoot },
      },
    );
  } catch {
    if (!keptDataDir) removeDir(dataDir);
    fail('seeding the catalog failed');
  }
}
if (seededMarker && !alreadySeeded) fs.writeFileSync(seededMarker, `${products ?? 'demo'}\n`);
const server = startServer({
  port,
  dataDir,
  // Sign-in limits are per address and every bench client is 127.0.0.1: routes that need many
  // customers (cart, checkout) sign them up in their setup.
  env: {
    NODE_ENV: 'production',
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_ENABLED: 'false',
  },
});

let cleaningUp;
const cleanUp = () => {
  cleaningUp ??= server.stop().then((result) => {
    if (!keptDataDir) removeDir(dataDir);
    return result;
  });
  return cleaningUp;
};
let interrupted = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: stopping the server`);
    void cleanUp().then(async () => {
      if (options.lighthouse) (await import('./lib/lighthouse.mjs')).stopChromium();
      process.exit(130);
    });
  });
}
// A stray rejection (Lighthouse losing its page during a Ctrl-C, say) must not skip the clean-up.
process.on('unhandledRejection', (error) => {
  if (interrupted) return;
  console.error('[bench] unexpected error:', error);
  void cleanUp().then(() => process.exit(1));
});

// Everything is bounded: routes x (warm-up + duration) plus time to start, probe and stop.
const pages = positionals.length > 0 ? positionals : DEFAULT_PAGES;
const budgetMs = options.lighthouse
  ? (120 + pages.length * 120) * 1000
  : (120 + selectedRoutes.length * (warmup + duration + 15) + (measureUpload ? 120 : 0)) * 1000;
const watchdog = setTimeout(() => {
  console.error(`[bench] still running after ${budgetMs / 1000} s: giving up`);
  void cleanUp().then(() => process.exit(1));
}, budgetMs);
watchdog.unref();

/**
 * Waits (up to 2 minutes) until the server's catalog index is built: at 100,000 products the
 * build takes seconds, and a route measured meanwhile (health first) would share the CPU with it.
 */
async function catalogIndexBuilt(baseUrl) {
  const started = Date.now();
  for (;;) {
    const ready = /** @type {{ catalog_index?: string }} */ (
      await fetch(`${baseUrl}/api/v1/ready`)
        .then((response) => response.json())
        .catch(() => ({}))
    );
    if (ready.catalog_index !== 'building') {
      if (Date.now() - started > 1_000)
        log(`catalog index built in ${Math.round((Date.now() - started) / 1000)} s`);
      return;
    }
    if (Date.now() - started > 120_000) fail('the catalog index was still building after 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let exitCode = 0;
try {
  await server.ready();
  await catalogIndexBuilt(server.baseUrl);
  log(`server ready at ${server.baseUrl} (data in ${dataDir})`);
  const meta = {
    startedAt,
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    baseUrl: server.baseUrl,
    products: products ?? 'demo cellar',
  };
  if (options.lighthouse) {
    const { runLighthouse } = await import('./lib/lighthouse.mjs');
    log(`Lighthouse (mobile, default config) on ${pages.join(', ')}`);
    // The whole reports go next to the summary: bench-results/<start>-lighthouse/<page>.json.
    const reportDir = fromRoot('bench-results', `${meta.startedAt.replace(/[:.]/g, '-')}-lighthouse`);
    const results = await runLighthouse(server.baseUrl, pages, { reportDir });
    printLighthouse(results);
    writeResults({ ...meta, mode: 'lighthouse', pages: results });
  } else {
    const { results, skipped } = await measureRoutes(server.baseUrl, selectedRoutes);
    printRouteTable(results);
    for (const result of results) if (result.report) log(`${result.name}: ${result.report.summary}`);
    for (const route of skipped) log(`skipped ${route.name} (${route.path}): HTTP ${route.status}`);
    const photoUpload = measureUpload
      ? await measurePhotoUpload({ baseUrl: server.baseUrl, dataDir, serverPid: server.child.pid ?? 0, log })
      : undefined;
    writeResults({
      ...(photoUpload ? { photoUpload } : {}),
      ...meta,
      mode: 'routes',
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      results,
      skipped,
    });
  }
} catch (error) {
  console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  exitCode = 1;
} finally {
  const result = await cleanUp();
  if (result.code !== 0) log(`the server exited with ${result.signal ?? `code ${result.code}`}`);
  clearTimeout(watchdog);
}
process.exit(exitCode);
