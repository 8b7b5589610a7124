import type { SeedStep } from './seedStep.js';

export const DEMO_INSTITUTION_NAME = 'Northbridge University';
export const DEMO_PRIMARY_COLOR = '#0736a4';

/** The demo institution's look: its name, its colour, and no logo. */
export const demoSettingsStep: SeedStep = {
  name: 'demo-settings',
  async run(ctx) {
    await ctx.execute('ChangeSetting', {
      machineName: 'institution_name',
      value: DEMO_INSTITUTION_NAME,
    });
    await ctx.execute('ChangeSetting', { machineName: 'primary_color', value: DEMO_PRIMARY_COLOR });
    await ctx.execute('ChangeSetting', { machineName: 'logo', value: 'false' });
  },
};
