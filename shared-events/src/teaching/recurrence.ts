import * as rruleModule from 'rrule';

/**
 * rrule ships an ES module build (which bundlers pick through its `module` field) and a UMD build
 * (which Node's ESM loader and jest load as CommonJS, where the names sit on `default`). Taking the
 * class from whichever shape arrived keeps one import working in the browser, in Node and in jest.
 */
type RRuleModule = typeof rruleModule;
const loaded: RRuleModule =
  'RRule' in rruleModule && rruleModule.RRule
    ? rruleModule
    : // Reflect.get: a bundler seeing `.default` on the ES build would warn that it never exists.
      (Reflect.get(rruleModule, 'default') as RRuleModule);

export const { RRule } = loaded;
export type RRuleOptions = ConstructorParameters<typeof RRule>[0];
