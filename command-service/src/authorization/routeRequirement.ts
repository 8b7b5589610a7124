/**
 * What a route needs, declared where the route is defined (`config.requires`): the route
 * walker (infra/src/apiConformance) reads it, and the authorization plugin checks it before the
 * body is validated, so a caller without the ability learns nothing from validation errors.
 */
export interface RouteRequirement {
  readonly action: string;
  readonly subject: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Same inline shape as the projection service's declaration (merged interfaces). */
    requires?: { readonly action: string; readonly subject: string };
  }
}

export function requires(action: string, subject: string): { requires: RouteRequirement } {
  return { requires: { action, subject } };
}
