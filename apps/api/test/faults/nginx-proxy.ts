import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/lib/paths';

/**
 * A real nginx in front of test instances, configured from deploy/nginx-kampala-cellars.conf:
 * its upstream (balancing, failure and keep-alive settings), its websocket map and every proxy
 * setting of its HTTPS site, with the instances' ports swapped in and a plain-HTTP listener on a
 * free loopback port. Pid file, logs and temporary files live in a directory of its own.
 */

export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) =>
  fs.existsSync(candidate),
);

const DEPLOYED_SITE = path.join(repoRoot, 'deploy', 'nginx-kampala-cellars.conf');

/** The deployed site, rewritten for loopback HTTP on `port` in front of `upstreamPorts`. */
export function drillSite(port: number, upstreamPorts: number[]): string {
  const site = fs.readFileSync(DEPLOYED_SITE, 'utf8');
  const upstream = /^upstream kampala_cellars \{[\s\S]*?^\}/m.exec(site)?.[0];
  const upgradeMap = /^map \$http_upgrade \$connection_upgrade \{[\s\S]*?^\}/m.exec(site)?.[0];
  const httpsStart = site.lastIndexOf('server {', site.indexOf('listen 443'));
  if (!upstream || !upgradeMap || httpsStart < 0) {
    throw new Error(`${DEPLOYED_SITE} no longer has the upstream, map and HTTPS server this test reads`);
  }
  const servers = upstream.match(/server 127\.0\.0\.1:\d+/g) ?? [];
  if (servers.length !== upstreamPorts.length) {
    throw new Error(
      `the deployed upstream has ${servers.length} servers, the test starts ${upstreamPorts.length}`,
    );
  }
  let next = 0;
  const testUpstream = upstream.replace(
    /server 127\.0\.0\.1:\d+/g,
    () => `server 127.0.0.1:${upstreamPorts[next++]}`,
  );
  const testServer = site
    .slice(httpsStart)
    .replace(/^\s*listen \[::\][^;]*;\n/gm, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`)
    .replace(/^\s*ssl_certificate(_key)?\s[^;]*;\n/gm, '');
  // Whole words: the test's own port may have 443 among its digits (34431).
  if (/\bssl|\b443\b/.test(testServer.replace(/#[^\n]*/g, ''))) {
    throw new Error('the HTTPS server of the deployed site could not be turned into plain HTTP');
  }
  return `${testUpstream}\n\n${upgradeMap}\n\n${testServer}`;
}

export type NginxProxy = {
  base: string;
  /** Lines of the access log: `status method uri upstream_addr upstream_status request_time`. */
  accessLog: () => string[];
  errorLog: () => string;
  stop: () => Promise<void>;
};

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export async function startNginx(port: number, upstreamPorts: number[]): Promise<NginxProxy> {
  if (!NGINX_BINARY) throw new Error('nginx is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-drill-nginx-'));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'site.conf'), drillSite(port, upstreamPorts));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      // Which instance answered, and whether nginx had to try another (a list of addresses).
      "  log_format drill '$status $request_method $uri $upstream_addr $upstream_status $request_time';",
      `  access_log ${dir}/access.log drill;`,
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  const started = performance.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null || performance.now() - started > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${stderr}\n${read('error.log')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    accessLog: () => read('access.log').split('\n').filter(Boolean),
    errorLog: () => read('error.log'),
    stop: async () => {
      // QUIT: finish what is in flight, then exit.
      if (child.exitCode === null) child.kill('SIGQUIT');
      const gone = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      if (!gone) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
