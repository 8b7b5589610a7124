import { Tab, Tabs } from '@blueprintjs/core';
import { useNavigate, useParams } from 'react-router';
import { TAXONOMY_KINDS, type TaxonomyKind } from '../resources/resourceUi.js';
import { DefinitionPage, definitionAt } from './DefinitionPage.js';
import { uiOf } from '../resources/resourceUi.js';
import { PageFrame } from '../pages/PageFrame.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';

function isKind(value: string | undefined): value is TaxonomyKind {
  return TAXONOMY_KINDS.includes(value as TaxonomyKind);
}

/** The five taxonomies as tabs, one sub-route each: /taxonomies/<kind>; /taxonomies is the first. */
export default function TaxonomiesPage() {
  const rest = useParams()['*'];
  const navigate = useNavigate();
  if (rest && !isKind(rest)) return <NotFoundPage />;
  const kind: TaxonomyKind = isKind(rest) ? rest : 'campuses';
  return (
    <PageFrame>
      <Tabs
        id="taxonomies"
        selectedTabId={kind}
        onChange={(next) => void navigate(`/taxonomies/${String(next)}`)}
        className="allot-taxonomy-tabs"
        large
      >
        {TAXONOMY_KINDS.map((k) => {
          const definition = definitionAt(k);
          return <Tab key={k} id={k} title={definition ? uiOf(definition).title : k} />;
        })}
      </Tabs>
      <DefinitionPage key={kind} path={kind} embedded />
    </PageFrame>
  );
}
