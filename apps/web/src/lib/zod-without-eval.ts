/**
 * Zod probes `new Function` to compile faster parsers. The shop's Content-Security-Policy forbids
 * eval (as it should), so the probe only makes Chrome log a CSP violation: zod parses without it.
 *
 * Zod keeps its settings on this global, shared by every copy of zod, so setting it here costs
 * the entry bundle no import. The object is changed, never replaced: zod may have made it first.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
