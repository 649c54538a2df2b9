import { startTestServer } from '../../../../support/test-server.ts';

// Runs a real Plantline server (fresh PGlite with demo data) in its own Node process for the
// form tests: happy-dom's globals (URL, fetch) cannot host the server in the test's process.
// Prints the URL on the first line of stdout and stops when stdin closes.
const server = await startTestServer();
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
