// The webhook receiver of `generate-wtn + webhook` in its own process, as the load generator is (load.ts):
// a customer's endpoint runs on the customer's machine, so its work must not share the server's event
// loop and be counted as the service's. Prints its URL as one line, records nothing, and exits when its
// parent closes stdin (so it never outlives a benchmark that was killed).
import { WebhookReceiver } from '../test/helpers/webhook-receiver.ts';

const receiver = await new WebhookReceiver().start();
receiver.received.push = () => 0;
process.stdout.write(`${receiver.url}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
