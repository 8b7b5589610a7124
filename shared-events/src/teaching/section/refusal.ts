import { TeachingCommandRefused } from '../refusal.js';

/** A refusal of a section command (see TeachingCommandRefused for what each kind answers). */
export class SectionCommandRefused extends TeachingCommandRefused {
  override readonly name = 'SectionCommandRefused';
}
