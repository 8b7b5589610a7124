import { Tab, Tabs } from '@blueprintjs/core';
import { useNavigate, useParams } from 'react-router';
import { TAXONOMY_KINDS, type TaxonomyKind } from '../../../lib/resources/resourceUi.js';
import { DefinitionPage, definitionAt } from '../../../components/resources/DefinitionPage.js';
import { uiOf } from '../../../lib/resources/resourceUi.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { NotFoundPage } from '../../../components/layout/NotFoundPage.js';

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
      {/* Each tab owns its panel, so the tab's aria-controls names an element that exists. */}
      <Tabs
        id="taxonomies"
        selectedTabId={kind}
        onChange={(next) => void navigate(`/taxonomies/${String(next)}`)}
        className="allot-taxonomy-tabs"
        renderActiveTabPanelOnly
        large
      >
        {TAXONOMY_KINDS.map((k) => {
          const definition = definitionAt(k);
          return (
            <Tab
              key={k}
              id={k}
              title={definition ? uiOf(definition).title : k}
              panel={<DefinitionPage key={k} path={k} embedded />}
            />
          );
        })}
      </Tabs>
    </PageFrame>
  );
}
