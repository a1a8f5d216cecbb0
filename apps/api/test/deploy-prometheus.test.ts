import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../src/lib/paths';

/**
 * deploy/prometheus/ is what the README tells an operator to install: promtool (Debian's
 * `prometheus` package; .ci/run installs it) must accept the configuration and the rules as they
 * are, and every alert's unit tests (series that fire it, and series that must not) must pass.
 * Skipped, saying so, where promtool is not installed.
 */

const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((candidate) =>
  fs.existsSync(candidate),
);
const DEPLOY = path.join(repoRoot, 'deploy', 'prometheus');
const RULES = 'kampala-cellars.rules.yml';
const RULE_TESTS = 'kampala-cellars.rules.test.yml';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** deploy/prometheus/ copied to a directory of its own, with the token file the config names. */
function installed(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prometheus-'));
  dirs.push(dir);
  for (const file of fs.readdirSync(DEPLOY)) fs.copyFileSync(path.join(DEPLOY, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, 'kampala-cellars-metrics-token'), 'a-token-for-promtool-only-0123456789\n');
  return dir;
}

function promtool(dir: string, ...args: string[]) {
  return spawnSync(PROMTOOL!, args, { cwd: dir, encoding: 'utf8' });
}

type Rule = { alert?: string; record?: string; expr: string };
type RuleTest = { alert_rule_test?: Array<{ alertname: string; exp_alerts?: unknown[] }> };

const rules = (): Rule[] =>
  (
    parse(fs.readFileSync(path.join(DEPLOY, RULES), 'utf8')) as { groups: Array<{ rules: Rule[] }> }
  ).groups.flatMap((group) => group.rules);

describe.skipIf(!PROMTOOL)('Prometheus configuration and alerts in deploy/', () => {
  it('passes promtool check config, and scrapes the three instances nginx balances', () => {
    const check = promtool(installed(), 'check', 'config', 'prometheus.yml');
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('SUCCESS');

    const upstreams = [
      ...fs
        .readFileSync(path.join(repoRoot, 'deploy', 'nginx-kampala-cellars.conf'), 'utf8')
        .matchAll(/^\s*server (127\.0\.0\.1:\d+)/gm),
    ].map((match) => match[1]);
    expect(upstreams).toHaveLength(3);
    const config = parse(fs.readFileSync(path.join(DEPLOY, 'prometheus.yml'), 'utf8'));
    const shop = config.scrape_configs.find(
      (job: { job_name: string }) => job.job_name === 'kampala-cellars',
    );
    expect(shop.static_configs[0].targets).toEqual(upstreams);
    expect(shop.metrics_path).toBe('/metrics');
    expect(shop.authorization.credentials_file).toBeDefined();
  });

  it('passes promtool check rules', () => {
    const check = promtool(installed(), 'check', 'rules', RULES);
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it("passes every alert's unit tests (promtool test rules)", () => {
    const run = promtool(installed(), 'test', 'rules', RULE_TESTS);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('SUCCESS');
  });

  it('tests each alert with series that fire it and series that must not', () => {
    const tests = (parse(fs.readFileSync(path.join(DEPLOY, RULE_TESTS), 'utf8')) as { tests: RuleTest[] })
      .tests;
    const cases = tests.flatMap((test) => test.alert_rule_test ?? []);
    const alerts = rules()
      .map((rule) => rule.alert)
      .filter(Boolean);
    expect(alerts).toEqual(
      expect.arrayContaining([
        'ShopInstanceDown',
        'ShopHigh5xxRate',
        'ShopSlowRouteGroup',
        'ShopDatabaseUnreachable',
        'ShopJobLag',
        'ShopPaymentsPendingTooLong',
        'ShopOutboxBacklog',
        'ShopMemoryNearLimit',
      ]),
    );
    for (const alert of alerts) {
      const mine = cases.filter((item) => item.alertname === alert);
      expect(
        mine.some((item) => (item.exp_alerts ?? []).length > 0),
        `${alert} has a test that fires it`,
      ).toBe(true);
      expect(
        mine.some((item) => (item.exp_alerts ?? []).length === 0),
        `${alert} has a test that must not fire it`,
      ).toBe(true);
    }
  });

  it('reads counters only through rate() or increase(), which take a restart as a reset', () => {
    for (const rule of rules()) {
      // Every counter and histogram bucket, and what is written just before it.
      for (const match of rule.expr.matchAll(/(\w*\(?)\s*\b(\w+_(?:total|bucket))\b(?!:)/g)) {
        if (match[2]!.includes(':')) continue;
        expect(match[1], `${rule.alert ?? rule.record}: ${match[2]}`).toMatch(/^(rate|increase)\($/);
      }
    }
  });
});

if (!PROMTOOL) {
  console.warn(
    "[deploy] promtool is not installed: deploy/prometheus/ is not checked (.ci/run installs Debian's prometheus; " +
      'apt-get install -y --no-install-recommends prometheus)',
  );
}
