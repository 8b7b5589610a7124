import { seedDemoTemplate } from './demoTemplate.js';

/*
 * Seeds the test run's demo folder in a process of its own, started by testing/sequencer.js as a
 * jest run begins (ALLOT_TEST_RUN_ID names the run): the workers run the other files meanwhile,
 * and the files that need the folder, scheduled last, find it ready. A failure is written beside
 * the folder (`failed`), where those files read it.
 */
await seedDemoTemplate();
process.exit(0);
