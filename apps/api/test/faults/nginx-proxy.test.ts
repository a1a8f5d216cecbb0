import { describe, expect, it } from 'vitest';
import { drillSite } from './nginx-proxy';

describe("the drill's nginx site", () => {
  it('takes any loopback port, 443 among its digits too', () => {
    const site = drillSite(34431, [44301, 14430, 24431]);
    expect(site).toContain('listen 127.0.0.1:34431;');
    expect(site).toContain('server 127.0.0.1:44301');
    expect(site).not.toMatch(/listen 443|ssl_certificate/);
  });
});
