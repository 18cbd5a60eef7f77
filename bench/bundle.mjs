// The JavaScript a browser must load before the home page can render: the entry script and
// the modules index.html preloads, gzip-compressed (level 9, as a server would send them).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { report, ROOT } from './lib.mjs';

const dist = path.join(ROOT, 'apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const size = (files) =>
  files.reduce(
    (acc, f) => {
      const buf = fs.readFileSync(path.join(dist, f.replace(/^\//, '')));
      acc.raw += buf.length;
      acc.gzip += zlib.gzipSync(buf, { level: 9 }).length;
      return acc;
    },
    { raw: 0, gzip: 0 },
  );
const js = size(scripts);
const styles = size(css);
report('bundle', {
  home_initial_js_files: scripts,
  home_initial_js_bytes: js.raw,
  home_initial_js_gzip_bytes: js.gzip,
  home_initial_css_gzip_bytes: styles.gzip,
});
