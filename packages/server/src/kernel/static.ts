import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Problem } from './problem';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject', '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
};

/** Paths that belong to the API: never answered with the workbench. */
const API_PREFIXES = ['/api/', '/services/', '/sandbox/', '/openapi.json', '/docs', '/health'];

/**
 * Serves the built workbench (packages/workbench/dist) from the API's own port: files by path
 * (hashed assets cached for a year), and index.html for every other GET that is not an API path,
 * so the browser's router takes over. Unknown API paths keep their 404 problem.
 */
export function serveWorkbench(app: FastifyInstance, distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  const root = normalize(distDir + sep);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (req, reply) => {
      const path = decodeURIComponent(req.url.split('?')[0]!);
      if (API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) {
        throw new Problem(404, 'Bulunamadı', { detail: `${req.method} ${path} yok.`, code: 'NO_ROUTE' });
      }
      const file = normalize(join(root, path));
      if (file.startsWith(root) && file !== root && existsSync(file) && statSync(file).isFile()) {
        const hashed = path.startsWith('/assets/');
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(createReadStream(file));
      }
      reply.header('cache-control', 'no-cache');
      return reply.type(TYPES['.html']!).send(createReadStream(index));
    },
  });
  return true;
}
