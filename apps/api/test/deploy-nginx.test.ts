import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/lib/paths';

/**
 * deploy/nginx-kampala-cellars.conf is what the README tells an operator to install: nginx must
 * accept it as it is (only the certificate paths and ports are swapped for a throw-away pair).
 * Skipped, saying so, where nginx or openssl is not installed (.ci/run installs nginx-light).
 */

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!NGINX || !hasOpenssl)('the nginx site in deploy/', () => {
  it('passes nginx -t', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
    dirs.push(dir);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const site = fs
      .readFileSync(path.join(repoRoot, 'deploy', 'nginx-kampala-cellars.conf'), 'utf8')
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/, path.join(dir, 'cert.pem'))
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/, path.join(dir, 'key.pem'))
      .replace(/listen \[::\]:\d+[^;]*;/g, '')
      .replace('listen 80;', 'listen 127.0.0.1:4880;')
      .replace('listen 443 ssl http2;', 'listen 127.0.0.1:4843 ssl http2;');
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n` +
        `  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/site.conf;\n}\n`,
    );
    const check = spawnSync(NGINX!, ['-t', '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stderr).toContain('test is successful');
  });
});

if (!NGINX || !hasOpenssl) {
  console.warn(
    '[deploy] nginx or openssl is not installed: the check of deploy/nginx-kampala-cellars.conf is skipped',
  );
}
