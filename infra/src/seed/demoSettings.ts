import type { SeedStep } from './seedStep.js';

export const DEMO_INSTITUTION_NAME = 'Northbridge University';
export const DEMO_PRIMARY_COLOR = '#0736a4';
/** Where the demo's support chat button leads (a made-up address of the demo institution). */
export const DEMO_SUPPORT_URL = 'https://support.northbridge.example/chat';

/** The demo institution's look: its name, its colour, no logo, and its support chat. */
export const demoSettingsStep: SeedStep = {
  name: 'demo-settings',
  async run(ctx) {
    await ctx.execute('ChangeSetting', {
      machineName: 'institution_name',
      value: DEMO_INSTITUTION_NAME,
    });
    await ctx.execute('ChangeSetting', { machineName: 'primary_color', value: DEMO_PRIMARY_COLOR });
    await ctx.execute('ChangeSetting', { machineName: 'logo', value: 'false' });
    await ctx.execute('ChangeSetting', { machineName: 'support_url', value: DEMO_SUPPORT_URL });
  },
};

/** The demo institution's zone: its meeting times are wall-clock times there. */
export const DEMO_TIME_ZONE = 'America/Chicago';

/** Its own step (added after the first), so a demo seeded before it gains the zone too. */
export const demoTimeZoneStep: SeedStep = {
  name: 'demo-time-zone',
  async run(ctx) {
    await ctx.execute('ChangeSetting', { machineName: 'time_zone', value: DEMO_TIME_ZONE });
  },
};
