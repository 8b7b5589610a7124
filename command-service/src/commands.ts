import type { RunnableCommand } from './commandHandling/commandDefinition.js';
import { changeSettingCommand } from './settings/businessLogic.js';

/** Every command the service runs; each aggregate adds its own. */
export const allCommands: readonly RunnableCommand[] = [changeSettingCommand];
