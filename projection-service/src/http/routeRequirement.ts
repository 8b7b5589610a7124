/**
 * What a read route needs, declared where the route is defined (`config.requires`) and read by
 * the route walker (infra/src/apiConformance). The handlers check it themselves (before the
 * query is parsed), because owned kinds fall back to the viewer's own records.
 */
export interface RouteRequirement {
  readonly action: string;
  readonly subject: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Same inline shape as the command service's declaration (merged interfaces). */
    requires?: { readonly action: string; readonly subject: string };
  }
}

export function requiresRead(subject: string): { requires: RouteRequirement } {
  return { requires: { action: 'read', subject } };
}
