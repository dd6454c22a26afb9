import net from 'node:net';

function listenOnce(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/** A loopback port nothing listens on right now. */
export function freePort() {
  return listenOnce(0);
}

/** The first of `count` consecutive loopback ports nothing listens on right now (the browser suite's servers). */
export async function freePorts(count) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = await freePort();
    const rest = Array.from({ length: count - 1 }, (_, i) => first + 1 + i);
    const free = await Promise.all(
      rest.map((port) =>
        listenOnce(port).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (free.every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports on 127.0.0.1`);
}
