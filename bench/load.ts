// Runs autocannon in its own process (so load generation does not share the server's event loop) and
// prints the result as one JSON line. Options come as a JSON argument from bench/run.ts.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]) as autocannon.Options;
const result = await autocannon(options);
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    total: result.requests.total,
    statusCodes: result.statusCodeStats,
  })}\n`,
);
