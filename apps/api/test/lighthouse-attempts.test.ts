import { describe, expect, it, vi } from 'vitest';

type Result = { lhr: { runtimeError?: { code: string; message: string } } };
type Tools = {
  launch: () => Promise<{ port: number; kill: () => unknown }>;
  audit: (...args: unknown[]) => unknown;
};

// The bench's JavaScript, typed here by what the test uses (a literal path would be read as untyped).
const benchLighthouse = new URL('../../../scripts/lib/lighthouse.mjs', import.meta.url).href;
const { auditUntilTraced } = (await import(benchLighthouse)) as {
  auditUntilTraced: (url: string, tools: Tools) => Promise<{ runnerResult: Result; attempts: number }>;
};

/** A Chromium that counts its launches and kills, and a Lighthouse that answers from a script. */
function fakes(answers: Result[]) {
  const browsers = { launched: 0, killed: 0 };
  const audit = vi.fn(async () => answers.shift());
  const launch = async () => {
    browsers.launched++;
    return { port: 9000 + browsers.launched, kill: () => browsers.killed++ };
  };
  return { browsers, audit, launch };
}

const traced: Result = { lhr: {} };
const noNavstart: Result = { lhr: { runtimeError: { code: 'NO_NAVSTART', message: 'no navstart' } } };
const pageError: Result = { lhr: { runtimeError: { code: 'ERRORED_DOCUMENT_REQUEST', message: '500' } } };

describe("the bench's Lighthouse run", () => {
  it('audits a page again, in a new Chromium, when the trace lost its navigation start', async () => {
    const { browsers, audit, launch } = fakes([noNavstart, noNavstart, traced]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { runnerResult, attempts } = await auditUntilTraced('http://127.0.0.1/products', { launch, audit });
    expect(runnerResult).toBe(traced);
    expect(attempts).toBe(3);
    expect(browsers).toEqual({ launched: 3, killed: 3 });
    expect(audit.mock.calls.map((call: unknown[]) => (call[1] as { port: number }).port)).toEqual([
      9001, 9002, 9003,
    ]);
  });

  it("reports the page's own errors at once, and a trace error that stays after three attempts", async () => {
    const once = fakes([pageError]);
    expect(await auditUntilTraced('http://127.0.0.1/x', once)).toMatchObject({
      runnerResult: pageError,
      attempts: 1,
    });
    const always = fakes([noNavstart, noNavstart, noNavstart, traced]);
    expect(await auditUntilTraced('http://127.0.0.1/x', always)).toMatchObject({
      runnerResult: noNavstart,
      attempts: 3,
    });
    expect(always.browsers).toEqual({ launched: 3, killed: 3 });
  });
});
