import fs from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const given = process.env.CHROMIUM_PATH;
  if (given) return given;
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      "Chromium was not found. Install Debian's package: sudo apt-get update && sudo apt-get install -y chromium " +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
  }
  return found;
}
