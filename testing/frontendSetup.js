// Testing Library's find*/waitFor give up after 1 s by default. The frontend suites share two cores
// with suites that start the whole application, so a render can take longer than that without
// anything being wrong; 10 s keeps the assertions and drops the flakes.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
