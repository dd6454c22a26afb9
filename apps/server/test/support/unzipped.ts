import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/** The archive as `unzip` (Info-ZIP, not the library that wrote it) extracts it, file by file. */
export function unzipped(bytes: Buffer): Map<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-export-'));
  try {
    fs.writeFileSync(path.join(dir, 'export.zip'), bytes);
    const run = spawnSync('unzip', ['-q', 'export.zip', '-d', 'out'], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const files = new Map<string, Buffer>();
    const walk = (at: string) => {
      for (const entry of fs.readdirSync(path.join(dir, 'out', at), { withFileTypes: true })) {
        const name = path.posix.join(at, entry.name);
        if (entry.isDirectory()) walk(name);
        else files.set(name, fs.readFileSync(path.join(dir, 'out', name)));
      }
    };
    walk('');
    return files;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
