import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-without-eval';

describe('zod in the storefront', () => {
  it('parses without compiling parsers (no eval for the Content-Security-Policy to refuse)', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ email: z.string() }).parse({ email: 'a@b.ug' })).toEqual({ email: 'a@b.ug' });
  });
});
