/** One import-x/no-restricted-paths zone. */
export interface Zone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}
export const frontendLayers: Zone[];
