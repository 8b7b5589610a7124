import type { ComponentType } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { allResources, type ResourceDefinition } from '@allot/shared-events/browser';
import { PageFrame } from '../layout/PageFrame.js';
import { ResourceListPage, type ResourceListPageProps } from './ResourceListPage.js';
import './resourceStyles.js';

/** The kind declared at the first of `paths` that exists (API paths that may be spelled two ways). */
export function definitionAt(paths: string | readonly string[]): ResourceDefinition | undefined {
  const wanted = typeof paths === 'string' ? [paths] : paths;
  for (const path of wanted) {
    const found = allResources.find((r) => r.path === path);
    if (found) return found;
  }
  return undefined;
}

/** The list page of the kind declared at `path` (an honest empty state if none is declared). */
export function DefinitionPage({
  path,
  ...rest
}: { path: string | readonly string[] } & Omit<ResourceListPageProps, 'definition'>) {
  const definition = definitionAt(path);
  if (!definition) {
    return (
      <PageFrame>
        <NonIdealState
          icon="build"
          title="This list is not available yet"
          description={`The server does not declare these records (${String(path)}) yet.`}
        />
      </PageFrame>
    );
  }
  return <ResourceListPage definition={definition} {...rest} />;
}

const declaredPages = new Map<string, ComponentType>();

/**
 * The page of a kind that declares its route (`ui.route`): its plain list, with no module of its
 * own. The page registry (routing/pageRegistry.ts) loads this module lazily and asks for one per
 * route; the same component is answered for the same path.
 */
export function definitionPageFor(path: string): ComponentType {
  let page = declaredPages.get(path);
  if (!page) {
    const DeclaredListPage = () => <DefinitionPage path={path} />;
    DeclaredListPage.displayName = `DefinitionPage(${path})`;
    page = DeclaredListPage;
    declaredPages.set(path, page);
  }
  return page;
}
