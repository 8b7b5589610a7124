// The shared contract suite against a live EventStoreDB / KurrentDB. jest.config.js collects this
// file only when EVENTSTORE_CONNECTION_STRING is set (e.g. esdb://127.0.0.1:2113?tls=false).
import { describeEventStoreContract } from '../contract/eventStoreContract.js';
import { createEventStoreDbStore } from './eventStoreDbStore.js';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
if (!connectionString)
  throw new Error('EVENTSTORE_CONNECTION_STRING must be set for *.esdb.test.ts');

describeEventStoreContract('EventStoreDB', () => {
  const store = createEventStoreDbStore(connectionString);
  return Promise.resolve({ store, close: () => store.close() });
});
